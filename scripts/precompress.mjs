// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of a built web
// app, at the highest levels: the server loads them into memory at startup and never
// compresses an asset per request. Run after `vite build`: node precompress.mjs dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Text formats; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/

function* files(dir) {
  for (const name of readdirSync(dir)) {
    // .vite holds the build's manifest, which is never served.
    if (name === '.vite') continue
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) yield* files(file)
    else yield file
  }
}

const root = path.resolve(process.argv[2] ?? 'dist')
let count = 0
let before = 0
let after = 0
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue
  const raw = readFileSync(file)
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  })
  const gz = gzipSync(raw, { level: 9 })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gz)
  count += 1
  before += raw.length
  after += br.length
}
console.info(
  `precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`,
)
