import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { useTestDatabase } from '../../test/database.js'
import { AfterCommit, inTransaction } from './after-commit.js'

const database = useTestDatabase()

describe('effects after commit', () => {
  test('an effect queued in a transaction that commits runs once, after the commit', async () => {
    const ran: string[] = []
    const result = await inTransaction(database.current.db, async (tx, effects) => {
      effects.push(() => ran.push('mail'))
      await tx.execute(sql`select 1`)
      expect(ran).toEqual([])
      return 'done'
    })
    expect(result).toBe('done')
    expect(ran).toEqual(['mail'])
  })

  test('an effect queued in a transaction that rolls back never runs', async () => {
    const ran: string[] = []
    await expect(
      inTransaction(database.current.db, async (_tx, effects) => {
        effects.push(() => ran.push('mail'))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(ran).toEqual([])
  })

  test('a failing effect is logged and the others still run, each once', async () => {
    const effects = new AfterCommit()
    const ran: string[] = []
    const logged: object[] = []
    effects.push(() => {
      throw new Error('mail server down')
    })
    effects.push(() => ran.push('cache'))
    await effects.run({ error: (obj) => logged.push(obj) })
    await effects.run({ error: (obj) => logged.push(obj) })
    expect(ran).toEqual(['cache'])
    expect(logged).toHaveLength(1)
  })
})
