import { QUOTE_DRAWING_KINDS, QUOTE_DRAWING_NAME_MAX } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { drawings, moreDrawings, notDrawings } from '../../../test/drawings.js'
import { cleanDrawingName, contentDisposition, drawingName } from './drawing-names.js'
import { drawingContentType, sniffDrawing } from './drawing-types.js'

describe('sniffDrawing', () => {
  test.for(Object.entries(drawings))('recognises %s by its content', ([kind, file]) => {
    expect(sniffDrawing(file.bytes)).toBe(kind)
  })

  test('recognises binary STL (even with "solid" in its header), DXF with LF, DWG 2000', () => {
    expect(sniffDrawing(moreDrawings.binaryStl)).toBe('stl')
    expect(sniffDrawing(moreDrawings.binaryStlSaysSolid)).toBe('stl')
    expect(sniffDrawing(moreDrawings.dxfLf)).toBe('dxf')
    expect(sniffDrawing(moreDrawings.dwg2000)).toBe('dwg')
  })

  test.for(Object.entries(notDrawings))('refuses %s', ([, bytes]) => {
    expect(sniffDrawing(bytes)).toBeNull()
  })

  test('a drawing with bytes in front of its header is not one', () => {
    expect(sniffDrawing(Buffer.concat([Buffer.from('x'), drawings.pdf.bytes]))).toBeNull()
    expect(sniffDrawing(Buffer.concat([Buffer.from('MZ'), drawings.png.bytes]))).toBeNull()
  })

  test('the type served is the kind’s, never the name’s', () => {
    expect(drawingContentType('step')).toBe(QUOTE_DRAWING_KINDS.step.contentType)
    expect(drawingContentType('dwg')).toBe('image/vnd.dwg')
  })
})

describe('cleanDrawingName', () => {
  test('drops folders, control and direction characters', () => {
    expect(cleanDrawingName('C:\\Users\\me\\part.pdf', 'pdf', 0)).toBe('part.pdf')
    expect(cleanDrawingName('../../etc/passwd', 'pdf', 0)).toBe('passwd')
    expect(cleanDrawingName('a\u0000b\r\nc.dxf', 'dxf', 0)).toBe('abc.dxf')
    expect(cleanDrawingName('invoice\u202efdp.exe', 'pdf', 0)).toBe('invoicefdp.exe')
  })

  test('an empty or dots-only name becomes drawing-N with the kind’s extension', () => {
    expect(cleanDrawingName('', 'step', 1)).toBe('drawing-2.step')
    expect(cleanDrawingName('..', 'jpeg', 0)).toBe('drawing-1.jpg')
    expect(cleanDrawingName('dir/', 'stl', 2)).toBe('drawing-3.stl')
  })

  test('a long name is cut to the limit and keeps its extension', () => {
    const name = cleanDrawingName(`${'ü'.repeat(500)}.step`, 'step', 0)
    expect(Array.from(name)).toHaveLength(QUOTE_DRAWING_NAME_MAX)
    expect(name.endsWith('.step')).toBe(true)
  })
})

describe('contentDisposition', () => {
  test('an ASCII fallback and the exact name in RFC 5987 form', () => {
    expect(contentDisposition('attachment', 'Flansch-Maß.pdf')).toBe(
      `attachment; filename="Flansch-Ma_.pdf"; filename*=UTF-8''Flansch-Ma%C3%9F.pdf`,
    )
  })

  test('a quote or backslash cannot end the parameter', () => {
    const header = contentDisposition('inline', 'a"; filename=evil.html\\.png')
    expect(header).toBe(
      `inline; filename="a_; filename=evil.html_.png"; filename*=UTF-8''a%22%3B%20filename%3Devil.html%5C.png`,
    )
  })
})

// The name stored and served ends in the extension of what the bytes are.
describe('drawingName', () => {
  test('the stem of the buyer’s name and the sniffed kind’s extension', () => {
    expect(drawingName('drawing.bat', 'step', 0)).toBe('drawing.step')
    expect(drawingName('invoice.html', 'pdf', 0)).toBe('invoice.pdf')
    expect(drawingName('C:\\Users\\me\\evil.pdf.exe', 'pdf', 0)).toBe('evil.pdf.pdf')
    expect(drawingName('invoice\u202efdp.exe', 'pdf', 0)).toBe('invoicefdp.pdf')
    expect(drawingName('noext', 'stl', 0)).toBe('noext.stl')
    expect(drawingName('part. .bat', 'dxf', 0)).toBe('part.dxf')
  })

  test('the buyer’s extension stays when it is one of the kind’s, in lower case', () => {
    expect(drawingName('Part.STP', 'step', 0)).toBe('Part.stp')
    expect(drawingName('photo.JPEG', 'jpeg', 0)).toBe('photo.jpeg')
    expect(drawingName('photo.jpg', 'jpeg', 0)).toBe('photo.jpg')
    expect(drawingName('photo.png', 'jpeg', 0)).toBe('photo.jpg')
  })

  test('no stem, a long name, and applying it twice changes nothing more', () => {
    expect(drawingName('.bat', 'pdf', 2)).toBe('drawing-3.pdf')
    expect(drawingName('', 'iges', 0)).toBe('drawing-1.iges')
    const long = drawingName(`${'ü'.repeat(500)}.bat`, 'step', 0)
    expect(Array.from(long)).toHaveLength(QUOTE_DRAWING_NAME_MAX)
    expect(long.endsWith('ü.step')).toBe(true)
    for (const raw of [
      'drawing.bat',
      'Part.STP',
      '.bat',
      `${'a. '.repeat(120)}.x`,
      'x'.repeat(300),
    ]) {
      const once = drawingName(raw, 'step', 4)
      expect(drawingName(once, 'step')).toBe(once)
    }
  })
})
