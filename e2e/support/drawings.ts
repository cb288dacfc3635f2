/** Small but real drawings for the quote journeys: each passes the server's content check. */
const STEP = [
  'ISO-10303-21;',
  'HEADER;',
  "FILE_DESCRIPTION(('Gearbox flange'),'2;1');",
  "FILE_NAME('flange.step','2026-11-23T00:00:00',('Buyer'),(''),'','','');",
  "FILE_SCHEMA(('AUTOMOTIVE_DESIGN'));",
  'ENDSEC;',
  'DATA;',
  "#1=CARTESIAN_POINT('',(0.,0.,0.));",
  'ENDSEC;',
  'END-ISO-10303-21;',
  '',
].join('\n')

// A 1×1 PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const FILES = {
  step: { name: 'flange.step', mimeType: 'application/octet-stream', buffer: Buffer.from(STEP) },
  png: {
    name: 'flange-photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_BASE64, 'base64'),
  },
} as const

export function drawingFiles(kinds: readonly (keyof typeof FILES)[]) {
  return kinds.map((kind) => FILES[kind])
}
