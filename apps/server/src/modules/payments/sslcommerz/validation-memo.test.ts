import { expect, test } from 'vitest'

import { useRedisPrefix, redisUrlOnPort } from '../../../../test/redis.js'
import { freePort } from '../../../../test/sslcommerz.js'
import { createRedis, redisReady } from '../../../lib/redis.js'
import type { ValidationAnswer } from './sslcommerz-protocol.js'
import { createValidationMemo } from './validation-memo.js'

const answer: ValidationAnswer = {
  status: 'VALID',
  tran_id: 'TW12345678-0011223344556677',
  val_id: 'VAL1',
  amount: '59.97',
}

/** A stand-in validation call that counts how often it is made. */
function validator(result: () => Promise<ValidationAnswer> = () => Promise.resolve(answer)) {
  const calls = { count: 0 }
  return {
    calls,
    ask: () => {
      calls.count += 1
      return result()
    },
  }
}

test('one process: replays, at once or later, get the remembered answer; a failed call is not remembered', async () => {
  const memo = createValidationMemo({ keptMs: 60_000 })
  const v = validator()
  const answers = await Promise.all([1, 2, 3].map(() => memo.answer('VAL1', v.ask)))
  expect(answers).toEqual([answer, answer, answer])
  expect(await memo.answer('VAL1', v.ask)).toEqual(answer)
  expect(v.calls.count).toBe(1)

  const failing = validator(() => Promise.reject(new Error('gateway down')))
  await expect(memo.answer('VAL2', failing.ask)).rejects.toThrow('gateway down')
  expect(await memo.answer('VAL2', v.ask)).toEqual(answer)
  expect(v.calls.count).toBe(2)
})

test('with Redis, a second process gets the first one’s answer without a call', async ({
  onTestFinished,
}) => {
  const { config, direct, prefix } = useRedisPrefix(onTestFinished)
  const redis = createRedis({ ...config, log: { warn: () => {} } })
  onTestFinished(async () => {
    redis.disconnect()
  })
  expect(await redisReady(redis)).toBe(true)
  const first = createValidationMemo({ shared: redis })
  const second = createValidationMemo({ shared: redis })
  const v = validator()
  expect(await first.answer('VAL1', v.ask)).toEqual(answer)
  expect(await second.answer('VAL1', v.ask)).toEqual(answer)
  expect(v.calls.count).toBe(1)
  const ttl = await direct.pttl(`${prefix}sslcommerz-validation:VAL1`)
  expect(ttl).toBeGreaterThan(0)
  expect(ttl).toBeLessThanOrEqual(60_000)
})

test('a Redis that cannot be reached costs nothing but the saving: the gateway is asked', async ({
  onTestFinished,
}) => {
  const { config } = useRedisPrefix(onTestFinished, redisUrlOnPort(await freePort()))
  const redis = createRedis({ ...config, log: { warn: () => {} } })
  onTestFinished(async () => {
    redis.disconnect()
  })
  const memo = createValidationMemo({ shared: redis })
  const v = validator()
  expect(await memo.answer('VAL1', v.ask)).toEqual(answer)
  expect(await memo.answer('VAL1', v.ask)).toEqual(answer)
  expect(v.calls.count).toBe(1)
})
