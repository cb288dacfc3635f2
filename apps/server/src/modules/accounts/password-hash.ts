import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import pLimit from 'p-limit'
import type { PasswordHasher } from './auth.js'

// Better Auth's own scheme (@better-auth/utils/password), kept exactly so every stored hash
// still verifies: "<salt as 32 hex characters>:<key as hex>", scrypt over the NFKC password
// with the salt's hex text as salt. Only where and how many at once change:
// - Better Auth runs scrypt in JavaScript on the event loop, and each hash holds a 32 MiB
//   block (128 · N · r bytes) until it ends. The bench's eight sign-ups at a time took the
//   process from 151 to 307 MB, and every hash took turns of the thread the shop answers on.
// - Here scrypt runs in Node's native code on the thread pool, one hash at a time per
//   process: the block is freed before the next starts, and the event loop stays free. A hash
//   takes about 165 ms, so a process checks about 6 passwords a second (sign-ups, sign-ins);
//   the rest wait their turn, and more processes check more (docs/performance.md, Memory).
const N = 16384
const R = 16
const P = 1
const KEY_BYTES = 64
const BLOCK_BYTES = 128 * N * R
export const HASHES_AT_ONCE = 1

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

const limit = pLimit(HASHES_AT_ONCE)

/** How many hashes are running and waiting now (for tests). */
export function hashingLoad(): { running: number; waiting: number } {
  return { running: limit.activeCount, waiting: limit.pendingCount }
}

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return limit(() =>
    scryptAsync(password.normalize('NFKC'), salt, KEY_BYTES, {
      N,
      r: R,
      p: P,
      maxmem: 2 * BLOCK_BYTES,
    }),
  )
}

export const scryptPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    const key = await deriveKey(password, salt)
    return `${salt}:${key.toString('hex')}`
  },
  async verify({ hash, password }) {
    const [salt, keyHex] = hash.split(':')
    if (!salt || !keyHex) throw new Error('Invalid password hash')
    const stored = Buffer.from(keyHex, 'hex')
    const key = await deriveKey(password, salt)
    return stored.length === key.length && timingSafeEqual(stored, key)
  },
}
