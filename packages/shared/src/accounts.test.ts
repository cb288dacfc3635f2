import { describe, expect, test } from 'vitest'

import {
  EmailSchema,
  fitDisplayName,
  hasUnsafeNameCharacters,
  LoginBodySchema,
  SignupBodySchema,
  UpdateProfileBodySchema,
} from './accounts.js'
import { ContactMessageBodySchema } from './contact.js'
import { messages } from './messages.js'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message

describe('EmailSchema', () => {
  test.each([
    'rahim@example.com',
    'jane.doe+tools@mail.example.company',
    'o-k_1@sub.domain.co.uk',
    'UPPER@Example.COM',
  ])('accepts the real address %s', (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(true)
  })

  test.each(['plainaddress', 'a@b', '@example.com', 'two@@example.com', 'spaces in@example.com'])(
    'refuses %s with the spec message',
    (email) => {
      expect(messageOf(EmailSchema.safeParse(email))).toBe('provide valid email')
    },
  )

  test('an empty email is required, and addresses are kept in lower case', () => {
    expect(messageOf(EmailSchema.safeParse(''))).toBe('email is required')
    expect(EmailSchema.parse('  Boss@Example.COM ')).toBe('boss@example.com')
  })
})

test('login and signup use the spec messages for passwords and names', () => {
  expect(messageOf(LoginBodySchema.safeParse({ email: 'a@example.com', password: '' }))).toBe(
    'password is required',
  )
  expect(messageOf(LoginBodySchema.safeParse({ email: 'a@example.com', password: '12345' }))).toBe(
    'must be 6 character long',
  )
  expect(
    messageOf(
      SignupBodySchema.safeParse({ name: ' ', email: 'a@example.com', password: '123456' }),
    ),
  ).toBe('name is required')
})

test('the profile update stores the spec client’s address as the location', () => {
  const parsed = UpdateProfileBodySchema.parse({
    phone: '1',
    address: ' Dhaka ',
    education: 'x',
    linkedin: 'y',
  })
  expect(parsed).toEqual({ phone: '1', location: 'Dhaka', education: 'x', linkedin: 'y' })
  expect(
    messageOf(UpdateProfileBodySchema.safeParse({ phone: '1', education: 'x', linkedin: 'y' })),
  ).toBe('location is required')
})

describe('names refuse text-direction overrides like line breaks', () => {
  const overrides = [
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ]
  test.each(overrides)('U+%s is refused in a display name and a contact name', (mark) => {
    const name = `Rahim${mark}moc.live`
    expect(hasUnsafeNameCharacters(name)).toBe(true)
    expect(
      messageOf(SignupBodySchema.safeParse({ name, email: 'a@b.co', password: 'secret1' })),
    ).toBe(messages.validation.nameControlCharacters)
    expect(
      messageOf(ContactMessageBodySchema.safeParse({ name, email: 'a@b.co', message: 'Hi' })),
    ).toBe(messages.validation.nameControlCharacters)
    expect(fitDisplayName(name, 'x')).toBe('Rahim moc.live')
  })

  test('right-to-left letters and the plain marks are names like any other', () => {
    for (const name of ['رحيم', 'שלום', 'Rahim\u200fUddin', 'Zoë'])
      expect(
        SignupBodySchema.safeParse({ name, email: 'a@b.co', password: 'secret1' }).success,
      ).toBe(true)
  })
})
