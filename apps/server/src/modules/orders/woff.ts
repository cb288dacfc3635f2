import { inflateSync } from 'node:zlib'

/**
 * A WOFF 1.0 font (https://www.w3.org/TR/WOFF/) as the plain TrueType/OpenType file it
 * wraps: each table inflated once. fontkit reads WOFF too, but inflates a table again every
 * time it reads from it, so laying out and subsetting Bengali text from the WOFF itself cost
 * about 100 ms per invoice; from the plain file it is a few milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20
    const offset = woff.readUInt32BE(at + 4)
    const compLength = woff.readUInt32BE(at + 8)
    const origLength = woff.readUInt32BE(at + 12)
    const raw = woff.subarray(offset, offset + compLength)
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw)
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length')
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data }
  })
  // The offset table: searchRange and friends from the largest power of two ≤ count.
  const power = 2 ** Math.floor(Math.log2(count))
  const head = Buffer.alloc(12 + 16 * count)
  head.writeUInt32BE(flavor, 0)
  head.writeUInt16BE(count, 4)
  head.writeUInt16BE(power * 16, 6)
  head.writeUInt16BE(Math.log2(power), 8)
  head.writeUInt16BE(count * 16 - power * 16, 10)
  const parts: Buffer[] = [head]
  let offset = head.length
  tables.forEach((table, i) => {
    const at = 12 + i * 16
    head.writeUInt32BE(table.tag, at)
    head.writeUInt32BE(table.checksum, at + 4)
    head.writeUInt32BE(offset, at + 8)
    head.writeUInt32BE(table.data.length, at + 12)
    const padded = Buffer.alloc((table.data.length + 3) & ~3)
    table.data.copy(padded)
    parts.push(padded)
    offset += padded.length
  })
  return Buffer.concat(parts)
}
