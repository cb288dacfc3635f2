import { CURRENCY_COOKIE } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, signUp, type TestUser } from '../../../test/accounts.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

/** Signs in with the browser's own cookies; the currency cookie the answer sets, if any. */
async function currencySetAtSignIn(user: TestUser, browserCookie?: string) {
  const res = await testApp.current.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: testApp.current.config.publicUrl,
      ...(browserCookie && { cookie: browserCookie }),
    },
    payload: { email: user.email, password: user.password },
  })
  expect(res.statusCode).toBe(200)
  const raw = res.headers['set-cookie']
  const cookies = Array.isArray(raw) ? raw : raw ? [raw] : []
  const currency = cookies.find((c) => c.startsWith(`${CURRENCY_COOKIE}=`))
  if (currency) {
    // Readable by the header's switch, for the whole site, for a year.
    expect(currency).not.toMatch(/HttpOnly/i)
    expect(currency).toMatch(/Path=\//)
    expect(currency).toMatch(/Max-Age=31536000/)
  }
  return currency?.split(';')[0]?.split('=')[1]
}

async function setProfile(user: TestUser, fields: { country?: string }) {
  const res = await testApp.current.inject({
    method: 'PUT',
    url: `/api/updateduser?email=${user.email}`,
    headers: bearer(user),
    payload: {
      phone: '+880 1711 000000',
      address: 'Gazipur, Dhaka',
      education: 'BSc Mechanical',
      linkedin: 'https://linkedin.com/in/buyer',
      ...fields,
    },
  })
  expect(res.statusCode).toBe(200)
}

async function saveCurrency(user: TestUser, currency: 'USD' | 'BDT') {
  const res = await testApp.current.inject({
    method: 'PUT',
    url: '/api/user/currency',
    headers: bearer(user),
    payload: { currency },
  })
  expect(res.statusCode).toBe(200)
}

describe('the currency a buyer starts in at sign-in', () => {
  test('a profile in Bangladesh starts in BDT; one elsewhere, or with no country, keeps USD', async () => {
    const dhaka = await signUp(testApp.current)
    await setProfile(dhaka, { country: 'BD' })
    expect(await currencySetAtSignIn(dhaka)).toBe('BDT')

    const abroad = await signUp(testApp.current)
    await setProfile(abroad, { country: 'DE' })
    expect(await currencySetAtSignIn(abroad)).toBeUndefined()

    const unknown = await signUp(testApp.current)
    expect(await currencySetAtSignIn(unknown)).toBeUndefined()
  })

  test('the currency the buyer last chose wins over the country', async () => {
    const buyer = await signUp(testApp.current)
    await setProfile(buyer, { country: 'BD' })
    await saveCurrency(buyer, 'USD')
    expect(await currencySetAtSignIn(buyer)).toBe('USD')

    const abroad = await signUp(testApp.current)
    await setProfile(abroad, { country: 'IN' })
    await saveCurrency(abroad, 'BDT')
    expect(await currencySetAtSignIn(abroad)).toBe('BDT')
  })

  test('a browser that already chose keeps its choice: nothing is set over it', async () => {
    const buyer = await signUp(testApp.current)
    await setProfile(buyer, { country: 'BD' })
    expect(await currencySetAtSignIn(buyer, `${CURRENCY_COOKIE}=USD`)).toBeUndefined()
    expect(await currencySetAtSignIn(buyer, `other=1; ${CURRENCY_COOKIE}=BDT`)).toBeUndefined()
  })
})
