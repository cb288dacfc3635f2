import {
  csvWords,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_FILE_FIELD,
  IMPORT_ZIP_MAX_ENTRIES,
  IMPORT_ZIP_MAX_UNZIPPED_BYTES,
  MEDIA_MAX_BYTES,
} from '@toolworks/shared'
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate'

import { AppError } from '../../lib/app-error.js'

/** What an import file holds: the CSV's text and, from a zip, its pictures by file name. */
export type ImportFile = {
  csv: string
  /** Lower-cased base name → bytes; `tooLarge` for a picture over the upload limit. */
  images: Map<string, Buffer | 'tooLarge'>
}

const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif)$/i

function refuse(
  message: string,
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED',
): never {
  throw new AppError(code, message, { [IMPORT_FILE_FIELD]: message })
}

export const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name

/** The file's text, which must be UTF-8 (a BOM is allowed and left for the parser). */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return refuse(csvWords.notUtf8)
  }
}

const isZip = (bytes: Buffer) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04

/**
 * A CSV, or a zip with one CSV and its pictures, told apart by their bytes (a zip's signature)
 * and name; anything else is refused. The zip is inflated entry by entry and counted as it
 * goes, so a zip bomb stops at the limit instead of filling the memory.
 */
export function readImportFile(filename: string, bytes: Buffer): ImportFile {
  if (isZip(bytes)) return readZip(bytes)
  if (/\.zip$/i.test(filename)) refuse(csvWords.zipUnreadable)
  if (!/\.(csv|txt)$/i.test(filename) && filename !== '') refuse(csvWords.wrongType)
  if (bytes.length > IMPORT_CSV_MAX_BYTES) refuse(csvWords.csvTooLarge, 'PAYLOAD_TOO_LARGE')
  // A binary file renamed .csv: NUL bytes never appear in a text file.
  if (bytes.includes(0)) refuse(csvWords.wrongType)
  return { csv: utf8(bytes), images: new Map() }
}

function readZip(bytes: Buffer): ImportFile {
  let entries = 0
  let total = 0
  let problem: AppError | undefined
  const csvs: { name: string; chunks: Uint8Array[]; size: number }[] = []
  const images = new Map<string, Buffer | 'tooLarge'>()
  const fail = (error: AppError) => {
    problem ??= error
  }
  const tooBig = (message: string) =>
    new AppError('PAYLOAD_TOO_LARGE', message, { [IMPORT_FILE_FIELD]: message })

  function read(file: UnzipFile, limit: number, done: (chunks: Uint8Array[] | 'tooLarge') => void) {
    const chunks: Uint8Array[] = []
    let size = 0
    file.ondata = (error, chunk, final) => {
      if (problem) return
      if (error)
        return fail(
          new AppError('VALIDATION_FAILED', csvWords.zipUnreadable, {
            file: csvWords.zipUnreadable,
          }),
        )
      size += chunk.length
      total += chunk.length
      if (total > IMPORT_ZIP_MAX_UNZIPPED_BYTES) {
        file.terminate()
        return fail(tooBig(csvWords.zipUnzippedTooLarge))
      }
      if (size > limit) {
        file.terminate()
        return done('tooLarge')
      }
      chunks.push(chunk)
      if (final) done(chunks)
    }
    file.start()
  }

  const unzip = new Unzip((file) => {
    if (problem) return
    entries += 1
    if (entries > IMPORT_ZIP_MAX_ENTRIES) return fail(tooBig(csvWords.zipTooManyEntries))
    const name = baseName(file.name)
    // Folders and the files macOS adds (__MACOSX/, ._name, .DS_Store) carry no data of ours.
    if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || name.startsWith('.')) return
    if (/\.csv$/i.test(name)) {
      const entry = { name, chunks: [] as Uint8Array[], size: 0 }
      csvs.push(entry)
      read(file, IMPORT_CSV_MAX_BYTES, (chunks) => {
        if (chunks === 'tooLarge') return fail(tooBig(csvWords.csvTooLarge))
        entry.chunks = chunks
      })
      return
    }
    if (!IMAGE_NAME.test(name))
      return fail(
        new AppError('VALIDATION_FAILED', csvWords.zipOtherFile(name), {
          file: csvWords.zipOtherFile(name),
        }),
      )
    read(file, MEDIA_MAX_BYTES, (chunks) =>
      images.set(name.toLowerCase(), chunks === 'tooLarge' ? 'tooLarge' : Buffer.concat(chunks)),
    )
  })
  unzip.register(UnzipInflate)
  try {
    unzip.push(bytes, true)
  } catch {
    fail(
      new AppError('VALIDATION_FAILED', csvWords.zipUnreadable, { file: csvWords.zipUnreadable }),
    )
  }
  if (problem) throw problem
  const [csv, ...more] = csvs
  if (!csv || more.length > 0) refuse(csvWords.zipNeedsOneCsv)
  const text = Buffer.concat(csv.chunks)
  if (text.includes(0)) refuse(csvWords.wrongType)
  return { csv: utf8(text), images }
}
