import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { migrationsFolder } from '../src/db/client.js'

type Journal = { entries: { tag: string }[] }

/** The migrations folder as it was up to (not including) the migration `tag`. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-migrations-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta/_journal.json')
  const full = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal
  const index = full.entries.findIndex((e) => e.tag === tag)
  if (index < 0) throw new Error(`no migration ${tag}`)
  writeFileSync(journalFile, JSON.stringify({ ...full, entries: full.entries.slice(0, index) }))
  return dir
}
