import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { inject } from 'vitest'

/**
 * The newest link in an email the server under test (or the server of `dataDir`) wrote to its
 * outbox for this address.
 */
export async function waitForEmailLink(
  email: string,
  pattern: RegExp,
  timeoutMs = 10_000,
  dataDir: string = inject('dataDir'),
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse()
    for (const file of files) {
      const text = (await readFile(path.join(outbox, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
      if (!text.includes(`To: ${email}`)) continue
      const link = [...text.matchAll(/https?:\/\/\S+/g)]
        .map((m) => m[0])
        .find((l) => pattern.test(l))
      if (link) return link
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no email to ${email} with a link matching ${pattern}`)
}
