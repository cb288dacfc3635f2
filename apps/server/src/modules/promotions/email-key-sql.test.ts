import { emailKey } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { useTestDatabase } from '../../../test/database.js'
import { selectRows } from '../../db/client.js'
import { emailKeySql } from './promotions.queries.js'

/**
 * The first-order discount compares stored e-mail addresses in SQL: the SQL form must give the
 * shared `emailKey`'s answer for every kind of address, or the two rules drift apart.
 */
const database = useTestDatabase()

describe('emailKeySql', () => {
  test.each([
    'john.smith@gmail.com',
    'John.Smith+shop@GoogleMail.com',
    ' j.o.h.n+a+b@gmail.com ',
    'ann+x@outlook.com',
    'a.nn+x@hotmail.com',
    'ann+x@live.com',
    'ann+x@icloud.com',
    'ann+x@me.com',
    'ann+x@proton.me',
    'ann+x@protonmail.com',
    'ann-x@yahoo.com',
    'a.nn+x@example.com',
    'plain@example.org',
  ])('%s keys as the shared emailKey does', async (email) => {
    const [row] = await selectRows<{ key: string }>(
      database.current.db,
      sql`select ${emailKeySql(sql`${email}::text`)} as key`,
    )
    expect(row?.key).toBe(emailKey(email))
  })
})
