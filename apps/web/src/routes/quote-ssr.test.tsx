import { describe, expect, test } from 'vitest'

import { render } from '@/entry-server'

describe('Request a Quote in the server’s HTML', () => {
  test('renders the form for a visitor, every field disabled until the browser takes over', async () => {
    const html = await render({ url: 'http://shop.example.com/quote?process=welding', queries: [] })
    expect(html).toContain('Request a Quote</h1>')
    for (const label of [
      'Process',
      'Part name',
      'Material',
      'Quantity',
      'Drawings',
      'Needed by',
      'Phone',
      'Address',
    ])
      expect(html).toMatch(new RegExp(`<label[^>]*>${label}</label>`))
    // The fieldset and the button are disabled: typing before hydration would be lost.
    expect(html).toMatch(/<fieldset disabled=""/)
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*Send request<\/button>/s)
    // The same HTML for every ?process=: the page's cache is keyed by its path.
    expect(html).not.toContain('value="welding" selected')
    const other = await render({ url: 'http://shop.example.com/quote', queries: [] })
    expect(other).toBe(html)
  })
})
