import { describe, expect, test } from 'vitest'

import { ContactMessageBodySchema, SubscribeBodySchema } from './contact.js'

const valid = { name: 'Karim Uddin', email: 'Karim@Example.com', message: 'Do you make M12 bolts?' }

const issues = (body: unknown) =>
  Object.fromEntries(
    (ContactMessageBodySchema.safeParse(body).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      i.message,
    ]),
  )

describe('contact message body', () => {
  test('accepts a name, a valid email and a message; trims and lower-cases the email', () => {
    expect(ContactMessageBodySchema.parse({ ...valid, name: '  Karim Uddin ' })).toEqual({
      name: 'Karim Uddin',
      email: 'karim@example.com',
      message: 'Do you make M12 bolts?',
    })
  })

  test('names each missing or wrong field with its message', () => {
    expect(issues({ name: ' ', email: 'nope', message: '' })).toEqual({
      name: 'name is required',
      email: 'provide valid email',
      message: 'message is required',
    })
    expect(issues({})).toEqual({
      name: 'name is required',
      email: 'email is required',
      message: 'message is required',
    })
  })

  test('allows 2,000 characters of message and refuses 2,001', () => {
    expect(issues({ ...valid, message: 'x'.repeat(2000) })).toEqual({})
    expect(issues({ ...valid, message: 'x'.repeat(2001) })).toEqual({
      message: 'message can be at most 2000 characters',
    })
  })
})

describe('subscribe body', () => {
  test('an invalid address gets the spec message', () => {
    expect(SubscribeBodySchema.safeParse({ email: 'a@b' }).error?.issues[0]?.message).toBe(
      'provide valid email',
    )
    expect(SubscribeBodySchema.parse({ email: ' News@Example.com ' })).toEqual({
      email: 'news@example.com',
    })
  })
})
