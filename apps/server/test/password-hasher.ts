import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

import { verifyPassword } from 'better-auth/crypto'

import type { PasswordHasher } from '../src/modules/accounts/auth.js'

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>

/** Scrypt at a cost a test can pay: Better Auth's (N 16384, r 16) took ~100 ms a sign-up here. */
const COST = { N: 1024, r: 8, p: 1 }
const PREFIX = 'test-scrypt'

/**
 * The tests' password hashing (AppOptions.passwordHasher): a salted scrypt like Better Auth's,
 * so a wrong password is still refused, at a small fraction of the time. Sign-ups made up half
 * of the quote routes' test time. Hashes made elsewhere (the demo seed uses Better Auth's own
 * function) are checked by Better Auth's.
 */
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    const key = await derive(password.normalize('NFKC'), salt, 32, COST)
    return `${PREFIX}:${salt}:${key.toString('hex')}`
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':')
    if (prefix !== PREFIX || !salt || !key) return verifyPassword({ hash, password })
    const expected = Buffer.from(key, 'hex')
    const actual = await derive(password.normalize('NFKC'), salt, expected.length, COST)
    return timingSafeEqual(actual, expected)
  },
}
