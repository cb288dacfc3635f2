import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, statSync, utimesSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from 'vitest'

import { blobBytes, sha256 } from '../../../test/blobs.js'
import { createFsBlobStore } from './fs-blob-store.js'

const folder = () => mkdtempSync(path.join(os.tmpdir(), 'toolworks-fs-blobs-'))
const staged = (root: string) => readdirSync(path.join(root, '.staging'))

test('a blob is invisible until committed, then kept at ab/cd/<sha256>, and the same bytes once', async () => {
  const root = folder()
  const store = createFsBlobStore(root)
  const bytes = randomBytes(200_000)
  const blob = await store.stage({ headBytes: 10 })
  await blob.write(bytes.subarray(0, 7))
  await blob.write(bytes.subarray(7))
  expect(blob.head().equals(bytes.subarray(0, 10))).toBe(true)
  const key = sha256(bytes)
  expect(await blob.finish()).toEqual({ key, size: bytes.length })
  // Finished is not stored: nothing answers to the key yet.
  expect(await store.stat(key)).toBeUndefined()
  await blob.commit()
  expect(statSync(path.join(root, key.slice(0, 2), key.slice(2, 4), key)).size).toBe(bytes.length)
  expect(await store.stat(key)).toEqual({ size: bytes.length })
  expect((await blobBytes(store, key))?.equals(bytes)).toBe(true)
  expect(await store.put(bytes)).toEqual({ key, size: bytes.length })
  expect(staged(root)).toEqual([])
  expect(
    readdirSync(root, { recursive: true }).filter((n) => String(n).endsWith(key)),
  ).toHaveLength(1)
})

test('a discarded blob leaves nothing; unknown and malformed keys are not found', async () => {
  const root = folder()
  const store = createFsBlobStore(root)
  const blob = await store.stage()
  await blob.write(Buffer.from('half an upload'))
  await blob.discard()
  await expect(blob.commit()).rejects.toThrow()
  expect(staged(root)).toEqual([])
  expect(await store.open('0'.repeat(64))).toBeUndefined()
  expect(await store.read('../../etc/passwd')).toBeUndefined()
  expect(await store.stat('ABC')).toBeUndefined()
})

test('staged files left by a crash are swept once they are an hour old, not before', async () => {
  const root = folder()
  const store = createFsBlobStore(root)
  const old = await store.stage()
  await old.write(Buffer.from('left by a crash'))
  const hourAgo = new Date(Date.now() - 61 * 60 * 1000)
  for (const name of staged(root)) utimesSync(path.join(root, '.staging', name), hourAgo, hourAgo)
  const recent = await store.stage()
  await recent.write(Buffer.from('an upload still arriving'))
  expect(await store.sweepStaging()).toBe(1)
  expect(staged(root)).toHaveLength(1)
  await recent.discard()
  expect(staged(root)).toEqual([])
})
