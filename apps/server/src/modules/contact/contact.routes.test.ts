import { ContactMessageListSchema, ErrorBodySchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { contactMessages, newsletterSubscribers } from '../../db/schema/index.js'
import { CONTACT_RATE_LIMIT, SUBSCRIBE_RATE_LIMIT } from './contact.routes.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

const validMessage = {
  name: 'Karim Uddin',
  email: 'Karim.Uddin@Example.com',
  message: 'Can you machine 200 brass bushings to our drawing?',
}

let address = 0
/** Each call site gets its own client address, so only the rate-limit test meets the limit. */
const nextAddress = () => `198.51.100.${++address}`

const sendMessage = (app: App, payload: object, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress })

const subscribe = (app: App, payload: object, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/subscribe', payload, remoteAddress })

const storedMessages = () => database.current.db.select().from(contactMessages)
const storedSubscribers = () => database.current.db.select().from(newsletterSubscribers)

async function adminOf(app: App) {
  return createUser(app, { email: app.config.adminEmails[0] })
}

const fieldsOf = (body: unknown) => ErrorBodySchema.parse(body).error.fields

describe('POST /api/contact', () => {
  test('stores a valid message and answers 201 with its id', async () => {
    const app = testApp.current

    const res = await sendMessage(app, { ...validMessage, name: '  Karim Uddin  ' })

    expect(res.statusCode).toBe(201)
    const { insertedId } = res.json<{ acknowledged: true; insertedId: string }>()
    const rows = await storedMessages()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: insertedId,
      name: 'Karim Uddin',
      email: 'karim.uddin@example.com',
      message: validMessage.message,
    })
  })

  test.for([
    ['no name', { name: '' }, { name: 'name is required' }],
    ['a blank name', { name: '   ' }, { name: 'name is required' }],
    ['a bad email', { email: 'karim@' }, { email: 'provide valid email' }],
    ['no email', { email: '' }, { email: 'email is required' }],
    ['no message', { message: '' }, { message: 'message is required' }],
    [
      'a message of 2,001 characters',
      { message: 'x'.repeat(2001) },
      { message: 'message can be at most 2000 characters' },
    ],
    ['a name that is not text', { name: 42 }, { name: 'name is required' }],
  ] as const)(
    'refuses %s with a field message and stores nothing',
    async ([, change, fields], ctx) => {
      const app = await buildTestApp(database.current, ctx.onTestFinished)

      const res = await sendMessage(app, { ...validMessage, ...change })

      expect(res.statusCode).toBe(400)
      expect(res.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED')
      expect(fieldsOf(res.json())).toEqual(fields)
      expect(await storedMessages()).toEqual([])
    },
  )

  test('accepts a message of exactly 2,000 characters', async () => {
    const app = testApp.current
    const res = await sendMessage(app, { ...validMessage, message: 'x'.repeat(2000) })
    expect(res.statusCode).toBe(201)
  })

  test('refuses a missing body with every field named', async () => {
    const app = testApp.current
    const res = await sendMessage(app, {})
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json())).toEqual({
      name: 'name is required',
      email: 'email is required',
      message: 'message is required',
    })
  })

  test(`allows ${CONTACT_RATE_LIMIT.max} messages per address, then answers 429 in JSON; other addresses go on`, async ({
    onTestFinished,
  }) => {
    // Two processes on one database share the count (docs/operations.md, Scale out).
    const a = await buildTestApp(database.current, onTestFinished)
    const b = await buildTestApp(database.current, onTestFinished)
    const from = '203.0.113.50'

    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const res = await sendMessage(i % 2 === 0 ? a : b, validMessage, from)
      expect(res.statusCode).toBe(201)
    }
    const limited = await sendMessage(b, validMessage, from)

    expect(limited.statusCode).toBe(429)
    expect(limited.headers['content-type']).toMatch(/application\/json/)
    expect(limited.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a minute and try again.',
      },
    })
    expect(await storedMessages()).toHaveLength(CONTACT_RATE_LIMIT.max)
    expect((await sendMessage(a, validMessage, '203.0.113.51')).statusCode).toBe(201)
  })
})

describe('GET /api/contact', () => {
  test('lists the messages newest first for an admin', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      adminEmails: [uniqueEmail('admin')],
    })
    const admin = await adminOf(app)
    await database.current.db.insert(contactMessages).values([
      { ...validMessage, message: 'older', createdAt: new Date('2024-01-01T10:00:00Z') },
      { ...validMessage, message: 'newest', createdAt: new Date('2024-03-01T10:00:00Z') },
      { ...validMessage, message: 'middle', createdAt: new Date('2024-02-01T10:00:00Z') },
    ])

    const res = await app.inject({ method: 'GET', url: '/api/contact', headers: bearer(admin) })

    expect(res.statusCode).toBe(200)
    const list = ContactMessageListSchema.parse(res.json())
    expect(list.map((m) => m.message)).toEqual(['newest', 'middle', 'older'])
    expect(list[0]).toEqual({
      _id: expect.any(String) as string,
      name: validMessage.name,
      email: validMessage.email,
      message: 'newest',
      createdAt: '2024-03-01T10:00:00.000Z',
    })

    const page = await app.inject({
      method: 'GET',
      url: '/api/contact?limit=1&offset=1',
      headers: bearer(admin),
    })
    expect(page.json<{ message: string }[]>().map((m) => m.message)).toEqual(['middle'])
  })

  test('is for admins only: anonymous 401, a customer 403', async () => {
    const app = testApp.current
    const customer = await createUser(app)

    const anonymous = await app.inject({ method: 'GET', url: '/api/contact' })
    const asCustomer = await app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(customer),
    })

    expect(anonymous.statusCode).toBe(401)
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN')
  })

  test('refuses a limit above the maximum', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, {
      adminEmails: [uniqueEmail('admin')],
    })
    const admin = await adminOf(app)
    const res = await app.inject({
      method: 'GET',
      url: '/api/contact?limit=100000',
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('POST /api/subscribe', () => {
  test('stores an address once: a second subscribe, in any case, succeeds and stores nothing new', async () => {
    const app = testApp.current

    const first = await subscribe(app, { email: 'news@example.com' })
    const again = await subscribe(app, { email: '  NEWS@Example.COM ' })

    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    // Same answer both times: the endpoint does not tell who is already subscribed.
    expect(again.json()).toEqual(first.json())
    const rows = await storedSubscribers()
    expect(rows.map((r) => r.email)).toEqual(['news@example.com'])
  })

  test('a differently-cased address stored before is still one subscription', async () => {
    const app = testApp.current
    await database.current.db.insert(newsletterSubscribers).values({ email: 'Old@Example.com' })

    const res = await subscribe(app, { email: 'old@example.com' })

    expect(res.statusCode).toBe(200)
    expect(await storedSubscribers()).toHaveLength(1)
  })

  test.for([
    ['an invalid address', { email: 'not-an-email' }, 'provide valid email'],
    ['an empty address', { email: '' }, 'email is required'],
    ['no address', {}, 'email is required'],
  ] as const)(
    'refuses %s with its message and stores nothing',
    async ([, payload, message], ctx) => {
      const app = await buildTestApp(database.current, ctx.onTestFinished)

      const res = await subscribe(app, payload)

      expect(res.statusCode).toBe(400)
      expect(fieldsOf(res.json())).toEqual({ email: message })
      expect(await storedSubscribers()).toEqual([])
    },
  )

  test(`allows ${SUBSCRIBE_RATE_LIMIT.max} subscriptions per address, then answers 429`, async () => {
    const app = testApp.current
    const from = '203.0.113.60'
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.max; i++) {
      expect((await subscribe(app, { email: `n${i}@example.com` }, from)).statusCode).toBe(200)
    }
    const limited = await subscribe(app, { email: 'one-more@example.com' }, from)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED')
    expect(await storedSubscribers()).toHaveLength(SUBSCRIBE_RATE_LIMIT.max)
  })
})
