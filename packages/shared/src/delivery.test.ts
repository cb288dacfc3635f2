import { describe, expect, test } from 'vitest'

import { CheckoutBodySchema } from './cart.js'
import { UpdateProfileBodySchema } from './accounts.js'
import { deliveryWords as w } from './messages-delivery.js'

const lines = [{ tool: 't1', quantity: 1 }]
const block = { company: ' Meghna Ltd ', street: 'Plot 7', city: 'Gazipur', postcode: '1703' }

describe('the delivery block', () => {
  test('a checkout with the block fills address with its text, company left out', () => {
    const body = CheckoutBodySchema.parse({ lines, phone: '1', country: 'in', ...block })
    expect(body).toMatchObject({
      address: 'Plot 7, Gazipur 1703, IN',
      company: 'Meghna Ltd',
      delivery: { street: 'Plot 7', city: 'Gazipur', postcode: '1703' },
      country: 'IN',
    })
  })

  test('the block wins over an address string; without a block the string is kept', () => {
    expect(CheckoutBodySchema.parse({ lines, phone: '1', address: 'Old', ...block }).address).toBe(
      'Plot 7, Gazipur 1703, BD',
    )
    expect(CheckoutBodySchema.parse({ lines, phone: '1', address: 'Old' })).toMatchObject({
      address: 'Old',
      company: null,
      delivery: null,
    })
  })

  test('a partial block or a bad postcode is refused on its fields; no address at all names address', () => {
    const issues = (input: object) =>
      CheckoutBodySchema.safeParse({ lines, phone: '1', ...input }).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ])
    expect(issues({ street: 'Plot 7' })).toEqual([
      ['city', w.cityRequired],
      ['postcode', w.postcodeRequired],
    ])
    expect(issues({ ...block, postcode: '-17' })).toEqual([['postcode', w.postcodeInvalid]])
    expect(issues({})).toEqual([['address', w.streetRequired]])
  })

  test('a profile update leaves the block alone when left out and clears it when emptied', () => {
    const seed = { phone: '1', address: 'Dhaka', education: 'e', linkedin: 'l' }
    const left = UpdateProfileBodySchema.parse(seed)
    expect(left).not.toHaveProperty('street')
    expect(left).not.toHaveProperty('company')
    expect(
      UpdateProfileBodySchema.parse({ ...seed, company: '', street: '', city: '', postcode: '' }),
    ).toMatchObject({ company: null, street: null, city: null, postcode: null })
  })
})
