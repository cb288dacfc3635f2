import { describe, expect, test } from 'vitest'

import { mayRead, owns, type Actor } from './actor.js'

const jane: Actor = { id: 'u1', email: 'jane@example.com', name: 'Jane', role: 'customer' }
const admin: Actor = { id: 'a1', email: 'boss@example.com', name: 'Boss', role: 'admin' }

/**
 * The one ownership rule. Orders pass their customer's id and address, quotes their
 * customer's id only; both go through `owns`, so the difference is what they pass, never a rule
 * written twice.
 */
describe('owns', () => {
  test('an order is owned by its customer id, or by the address it was placed with', () => {
    expect(owns(jane, { customerId: 'u1', email: 'other@example.com' })).toBe(true)
    expect(owns(jane, { customerId: null, email: ' Jane@Example.com ' })).toBe(true)
    expect(owns(jane, { customerId: 'u2', email: 'other@example.com' })).toBe(false)
  })

  test('a quote is owned by its customer id only', () => {
    expect(owns(jane, { customerId: 'u1' })).toBe(true)
    expect(owns(jane, { customerId: 'u2' })).toBe(false)
    expect(owns(jane, { customerId: null })).toBe(false)
  })

  test('an admin reads anything but owns only their own', () => {
    expect(owns(admin, { customerId: 'u1', email: 'jane@example.com' })).toBe(false)
    expect(mayRead(admin, { customerId: 'u1' })).toBe(true)
    expect(mayRead(jane, { customerId: 'u2' })).toBe(false)
  })
})
