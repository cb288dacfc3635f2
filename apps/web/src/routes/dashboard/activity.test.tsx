import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { AUDIT_PAGE_SIZE, type AuditEntry, type ErrorBody } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

let nextId = 1
function makeEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const id = nextId++
  return {
    id,
    at: '2026-03-10T03:41:00.000Z',
    actorEmail: admin,
    kind: 'product.update',
    subjectType: 'tool',
    subjectId: `tool-${id}`,
    summary: `Edited “Tool ${id}”`,
    before: null,
    after: null,
    ...overrides,
  }
}

/** A GET /api/audit that pages `entries` as the server does and records every query. */
function auditServer(entries: AuditEntry[], { fail = 0 } = {}) {
  const seen: URLSearchParams[] = []
  let failures = fail
  const handler = http.get('/api/audit', ({ request }) => {
    const query = new URL(request.url).searchParams
    seen.push(query)
    if (failures > 0) {
      failures -= 1
      const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Something went wrong.' } }
      return HttpResponse.json(body, { status: 500 })
    }
    const page = Number(query.get('page') ?? '1')
    const actor = query.get('actor')?.toLowerCase()
    const kind = query.get('kind')
    const matching = entries.filter(
      (e) => (!actor || e.actorEmail.toLowerCase().includes(actor)) && (!kind || e.kind === kind),
    )
    return HttpResponse.json({
      entries: matching.slice((page - 1) * AUDIT_PAGE_SIZE, page * AUDIT_PAGE_SIZE),
      total: matching.length,
      page,
      pageSize: AUDIT_PAGE_SIZE,
    })
  })
  return { handler, seen }
}

function setup(entries: AuditEntry[], path = '/dashboard/activity', options = {}) {
  const audit = auditServer(entries, options)
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), audit.handler)
  return { ...renderApp(path), audit }
}

// The first test also loads the screen's lazy chunk, slow on a busy machine.
describe('Activity (admin)', { timeout: 20_000 }, () => {
  test('rows show when, who, the kind in words, the summary and each change readably', async () => {
    setup([
      makeEntry({
        kind: 'product.update',
        summary: 'Edited “Torque wrench”',
        before: { priceCents: 1200, madeToOrder: false },
        after: { priceCents: 1450, madeToOrder: true },
      }),
      makeEntry({
        actorEmail: 'ayesha@example.com',
        kind: 'quote.offer',
        summary: 'Quoted “Bracket” for jane@example.com',
        before: null,
        after: {
          revision: 1,
          lines: [
            { quantity: 100, unitPriceCents: 1250 },
            { quantity: 500, unitPriceCents: 999 },
          ],
        },
      }),
      makeEntry({
        kind: 'promotion.delete',
        summary: 'Deleted the promotion “Ten off”',
        before: { title: 'Ten off', capCents: 2550 },
        after: null,
      }),
    ])

    const table = await screen.findByRole('table', { name: 'Activity' })
    const edit = within(
      within(table).getByRole('rowheader', { name: 'Edited “Torque wrench”' }).closest('tr')!,
    )
    // 03:41 UTC is 09:41 in Dhaka.
    expect(edit.getByText('2026-03-10 09:41')).toBeInTheDocument()
    expect(edit.getByText(admin)).toBeInTheDocument()
    expect(edit.getByText('Product edited')).toBeInTheDocument()
    const changes = edit.getAllByRole('listitem').map((li) => li.textContent)
    expect(changes).toEqual(['Price: $12.00 → $14.50', 'Made to order: no → yes'])

    const quote = within(
      within(table)
        .getByRole('rowheader', { name: 'Quoted “Bracket” for jane@example.com' })
        .closest('tr')!,
    )
    expect(quote.getByText('Quote sent')).toBeInTheDocument()
    expect(quote.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Revision: 1',
      'Lines: 100 × $12.50 each; 500 × $9.99 each',
    ])

    const removed = within(
      within(table)
        .getByRole('rowheader', { name: /Ten off/ })
        .closest('tr')!,
    )
    expect(removed.getByText('Promotion deleted')).toBeInTheDocument()
    expect(removed.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Title: Ten off',
      'Cap: $25.50',
    ])
  })

  test('the filters go into the URL and the request; Clear takes them away', async () => {
    const { user, router, audit } = setup([
      makeEntry({ actorEmail: 'ayesha@example.com', kind: 'product.create', summary: 'A' }),
      makeEntry({ actorEmail: 'rahim@example.com', kind: 'order.status', summary: 'B' }),
    ])
    await screen.findByRole('rowheader', { name: 'A' })

    await user.type(screen.getByLabelText('Person (e-mail)'), 'AYESHA')
    await user.selectOptions(screen.getByLabelText('Kind'), 'Product added')
    await user.type(screen.getByLabelText('From'), '2026-03-01')
    await user.type(screen.getByLabelText('To'), '2026-03-10')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))

    await expect
      .poll(() => router.state.location.search)
      .toBe('?actor=AYESHA&kind=product.create&from=2026-03-01&to=2026-03-10')
    await expect
      .poll(() => audit.seen.at(-1)?.toString())
      .toBe('actor=AYESHA&kind=product.create&from=2026-03-01&to=2026-03-10&page=1')
    await expect.poll(() => screen.queryByRole('rowheader', { name: 'B' })).toBeNull()
    expect(screen.getByRole('rowheader', { name: 'A' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await expect.poll(() => router.state.location.search).toBe('')
    expect(await screen.findByRole('rowheader', { name: 'B' })).toBeInTheDocument()
    expect(screen.getByLabelText('Person (e-mail)')).toHaveValue('')
  })

  test('an end date before the start is refused on the page, with nothing asked', async () => {
    const { user, router, audit } = setup([makeEntry({ summary: 'A' })])
    await screen.findByRole('rowheader', { name: 'A' })
    const asked = audit.seen.length
    await user.type(screen.getByLabelText('From'), '2026-03-10')
    await user.type(screen.getByLabelText('To'), '2026-03-09')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The end date cannot be before the start date.',
    )
    expect(router.state.location.search).toBe('')
    expect(audit.seen).toHaveLength(asked)
  })

  test('filters in the address are used from the first request', async () => {
    const { audit } = setup(
      [makeEntry({ kind: 'order.status', summary: 'Shipped' })],
      '/dashboard/activity?kind=order.status&actor=boss&page=1',
    )
    expect(await screen.findByRole('rowheader', { name: 'Shipped' })).toBeInTheDocument()
    expect(audit.seen[0]?.get('kind')).toBe('order.status')
    expect(audit.seen[0]?.get('actor')).toBe('boss')
    expect(screen.getByLabelText('Kind')).toHaveValue('order.status')
  })

  test('Previous and Next page through with "Page X of Y"', async () => {
    const entries = Array.from({ length: AUDIT_PAGE_SIZE + 2 }, (_, i) =>
      makeEntry({ summary: `Entry ${i + 1}` }),
    )
    const { user, router, audit } = setup(entries)
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByText('27 entries')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('rowheader', { name: 'Entry 1' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')
    expect(audit.seen.at(-1)?.get('page')).toBe('2')
    expect(await screen.findByRole('rowheader', { name: 'Entry 26' })).toBeInTheDocument()
    expect(screen.queryByRole('rowheader', { name: 'Entry 1' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
  })

  test('an empty log says so', async () => {
    setup([])
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  test('a filter matching nothing', async () => {
    setup([makeEntry()], '/dashboard/activity?actor=nobody')
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument()
  })

  test('a failed load shows an error with a retry that loads the page', async () => {
    const { user } = setup([makeEntry({ summary: 'A' })], '/dashboard/activity', { fail: 1 })
    expect(await screen.findByText('Could not load the activity')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('rowheader', { name: 'A' })).toBeInTheDocument()
  })
})
