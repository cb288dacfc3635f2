import type { QuoteDrawingKind } from '@toolworks/shared'

/**
 * Tiny drawings of every accepted kind, and files that only look like one. Made
 * in memory, so the tests show exactly which bytes each rule looks at.
 */

const text = (s: string) => Buffer.from(s, 'latin1')

/** An 80-column IGES line: data, the section letter in column 73, the sequence number. */
const igesLine = (data: string, section: string, n: number) =>
  `${data.padEnd(72).slice(0, 72)}${section}${String(n).padStart(7)}`

function binaryStl(triangles: number, header = 'binary stl from a CAD tool'): Buffer {
  const bytes = Buffer.alloc(84 + 50 * triangles)
  bytes.write(header.padEnd(80).slice(0, 80), 0, 'latin1')
  bytes.writeUInt32LE(triangles, 80)
  for (let i = 0; i < triangles; i++) bytes.writeFloatLE(1.5 + i, 84 + 50 * i + 12)
  return bytes
}

export const drawings: Record<QuoteDrawingKind, { filename: string; type: string; bytes: Buffer }> =
  {
    pdf: {
      filename: 'bracket.pdf',
      type: 'application/pdf',
      bytes: text(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    },
    png: {
      filename: 'photo.png',
      type: 'image/png',
      bytes: Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('0000000d49484452', 'hex'),
        Buffer.alloc(17),
      ]),
    },
    jpeg: {
      filename: 'sketch.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), text('JFIF\0')]),
    },
    step: {
      filename: 'housing.step',
      type: 'application/octet-stream',
      bytes: text(
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('housing'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n",
      ),
    },
    iges: {
      filename: 'plate.igs',
      type: 'application/octet-stream',
      bytes: text(
        [
          igesLine('Plate exported for a quote', 'S', 1),
          igesLine('1H,,1H;,4HPART,', 'G', 1),
          igesLine('     110       1       0       0       0', 'D', 1),
          igesLine('110,0.,0.,0.,1.,0.,0.;', 'P', 1),
          igesLine('S      1G      1D      1P      1', 'T', 1),
        ].join('\n') + '\n',
      ),
    },
    stl: {
      filename: 'cube.stl',
      type: 'model/stl',
      bytes: text(
        'solid cube\n  facet normal 0 0 1\n    outer loop\n      vertex 0 0 0\n      vertex 1 0 0\n      vertex 0 1 0\n    endloop\n  endfacet\nendsolid cube\n',
      ),
    },
    dxf: {
      filename: 'flange.dxf',
      type: 'image/vnd.dxf',
      bytes: text(
        '  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n  1\r\nAC1015\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n',
      ),
    },
    dwg: {
      filename: 'frame.dwg',
      type: 'image/vnd.dwg',
      bytes: Buffer.concat([text('AC1032'), Buffer.alloc(26, 0), Buffer.from([1, 2, 3, 4])]),
    },
  }

/** More accepted shapes: binary STL (whose header may say "solid"), DXF with LF only, older DWG. */
export const moreDrawings = {
  binaryStl: binaryStl(2),
  binaryStlSaysSolid: binaryStl(1, 'solid exported by a tool that writes this'),
  dxfLf: text('999\nwritten by a CAD tool\n0\nSECTION\n2\nENTITIES\n0\nLINE\n0\nENDSEC\n0\nEOF\n'),
  dwg2000: Buffer.concat([text('AC1015'), Buffer.alloc(20, 0)]),
}

/** Files that are not drawings, whatever their names say. */
export const notDrawings = {
  /** A Windows executable renamed "drawing.pdf". */
  exe: Buffer.concat([text('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), text('PE\0\0')]),
  html: text('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), text('a.pdf')]),
  /** "solid" alone is not an STL: no facet, no endsolid. */
  fakeStl: text('solid but nothing else follows\n'),
  /** A binary STL whose count does not match its size. */
  badBinaryStl: (() => {
    const bytes = binaryStl(3)
    bytes.writeUInt32LE(7, 80)
    return bytes
  })(),
  /** The IGES letter in the wrong column. */
  badIges: text(`${'Plate'.padEnd(71)}S${String(1).padStart(8)}\n`),
  /** A DWG-looking version string that is not one. */
  badDwg: text('AC9999 not a drawing'),
  /** SECTION without its group codes. */
  badDxf: text('SECTION\nHEADER\n'),
  /** A text file with a STEP header after other bytes. */
  lateStep: text('hello\nISO-10303-21;\n'),
  empty: Buffer.alloc(0),
}
