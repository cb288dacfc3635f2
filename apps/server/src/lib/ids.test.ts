import { ErrorBodySchema, isId } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'

const database = useTestDatabase()

// Ids PostgreSQL's `uuid` takes (any version, either case) and strings it refuses.
const CANDIDATES = [
  '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f',
  '3F2B8C1E-9D4A-4F6B-8E2C-1A7D5B9C0E3F',
  '00000000-0000-0000-0000-000000000000',
  '11111111-1111-1111-1111-111111111111',
  'not-an-id',
  '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3',
  '3f2b8c1e9d4a4f6b8e2c1a7d5b9c0e3f',
  '{3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f}',
  '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3g',
  '',
]

describe('the one id rule (packages/shared/src/ids.ts)', () => {
  test('never lets through a value the database would refuse as a uuid', async () => {
    const { db } = database.current
    for (const value of CANDIDATES) {
      const accepted = await db
        .execute(sql`select ${value}::uuid`)
        .then(() => true)
        .catch(() => false)
      // The contract may be stricter than PostgreSQL (braces, no dashes), never looser.
      if (isId(value)) expect(accepted, value).toBe(true)
    }
    expect(CANDIDATES.filter(isId)).toEqual(CANDIDATES.slice(0, 4))
  })

  test('an id that is no uuid answers 404 on every path that takes one, as before', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    for (const url of ['/api/tool/not-an-id', '/api/tool/11111111-1111-1111-1111-11111111111']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(ErrorBodySchema.parse(res.json()).error.code, url).toBe('NOT_FOUND')
    }
  })
})
