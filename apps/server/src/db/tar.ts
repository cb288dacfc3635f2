import { open, type FileHandle } from 'node:fs/promises'

/**
 * The little of the tar format (POSIX ustar) a backup needs: regular files with short names,
 * written and read as streams, never a whole file in memory. `tar -tf` lists what it writes.
 */

const BLOCK = 512
const MAX_SIZE = 8 ** 11 - 1

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0'
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`)
  if (size > MAX_SIZE) throw new Error(`tar: ${name} is too large`)
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 'utf8')
  block.write(octal(0o644, 8), 100, 'latin1')
  block.write(octal(0, 8), 108, 'latin1')
  block.write(octal(0, 8), 116, 'latin1')
  block.write(octal(size, 12), 124, 'latin1')
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'latin1')
  block.write('        ', 148, 'latin1')
  block.write('0', 156, 'latin1')
  block.write('ustar\u000000', 257, 'latin1')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return block
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
    written += bytesWritten
  }
}

/** A tar file being written: add files from disk, then `close()` (which ends the archive). */
export async function createTar(file: string) {
  const handle = await open(file, 'w', 0o600)
  return {
    async addFile(name: string, source: string): Promise<void> {
      const input = await open(source, 'r')
      try {
        const { size, mtime } = await input.stat()
        await writeAll(handle, header(name, size, mtime))
        const buffer = Buffer.alloc(1024 * 1024)
        let left = size
        while (left > 0) {
          const { bytesRead } = await input.read(buffer, 0, Math.min(buffer.length, left))
          if (bytesRead === 0) throw new Error(`tar: ${source} shrank while being archived`)
          await writeAll(handle, buffer.subarray(0, bytesRead))
          left -= bytesRead
        }
        const pad = (BLOCK - (size % BLOCK)) % BLOCK
        if (pad > 0) await writeAll(handle, Buffer.alloc(pad))
      } finally {
        await input.close()
      }
    },
    async close(): Promise<void> {
      try {
        await writeAll(handle, Buffer.alloc(2 * BLOCK))
        await handle.sync()
      } finally {
        await handle.close()
      }
    },
  }
}

/** True when the file opens with a ustar header. */
export async function isTar(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const block = Buffer.alloc(BLOCK)
    const { bytesRead } = await handle.read(block, 0, BLOCK, 0)
    return bytesRead === BLOCK && block.toString('latin1', 257, 262) === 'ustar'
  } finally {
    await handle.close()
  }
}

const field = (block: Buffer, start: number, length: number) =>
  block.toString('utf8', start, start + length).replace(/\0.*$/s, '')

/**
 * Reads a tar file's regular files in order: for each, `onFile` gets its name, size and its
 * bytes as an async sequence of chunks (which it must read to the end).
 */
export async function readTar(
  file: string,
  onFile: (entry: { name: string; size: number; chunks: AsyncIterable<Buffer> }) => Promise<void>,
): Promise<void> {
  const handle = await open(file, 'r')
  try {
    let position = 0
    const block = Buffer.alloc(BLOCK)
    for (;;) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, position)
      if (bytesRead < BLOCK || block.every((b) => b === 0)) return
      position += BLOCK
      const prefix = field(block, 345, 155)
      const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100)
      const size = parseInt(field(block, 124, 12).trim() || '0', 8)
      const type = String.fromCharCode(block[156] ?? 0)
      if (!Number.isFinite(size) || size < 0) throw new Error('tar: a damaged header')
      const start = position
      if (type === '0' || type === '\0') {
        async function* chunks(): AsyncGenerator<Buffer> {
          const buffer = Buffer.alloc(1024 * 1024)
          let offset = 0
          while (offset < size) {
            const { bytesRead: n } = await handle.read(
              buffer,
              0,
              Math.min(buffer.length, size - offset),
              start + offset,
            )
            if (n === 0) throw new Error(`tar: ${name} is cut short`)
            offset += n
            yield Buffer.from(buffer.subarray(0, n))
          }
        }
        await onFile({ name, size, chunks: chunks() })
      }
      position = start + Math.ceil(size / BLOCK) * BLOCK
    }
  } finally {
    await handle.close()
  }
}
