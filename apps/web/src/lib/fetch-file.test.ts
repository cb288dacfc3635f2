import { expect, test } from 'vitest'

import { fileNameOf } from './fetch-file'

test('the exact RFC 5987 name wins over the ASCII fallback; the plain form still works', () => {
  expect(
    fileNameOf(
      `attachment; filename="Flansch-Ma_.step"; filename*=UTF-8''Flansch-Ma%C3%9F.step`,
      'x',
    ),
  ).toBe('Flansch-Maß.step')
  expect(fileNameOf('attachment; filename="invoice-INV-000042.pdf"', 'x')).toBe(
    'invoice-INV-000042.pdf',
  )
  expect(fileNameOf(`attachment; filename*=UTF-8''part%20one.pdf`, 'x')).toBe('part one.pdf')
})

test('a path, a control or bidirectional character, a bad encoding or nothing gives the fallback', () => {
  for (const header of [
    `attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`,
    'attachment; filename="a\\\\b.pdf"',
    `attachment; filename*=UTF-8''invoice%E2%80%AEfdp.exe`,
    `attachment; filename*=UTF-8''a%0Ab.pdf`,
    `attachment; filename*=UTF-8''%E0%A4%A`,
    'attachment; filename=".."',
    'attachment',
    null,
  ])
    expect(fileNameOf(header, 'fallback.pdf')).toBe('fallback.pdf')
})
