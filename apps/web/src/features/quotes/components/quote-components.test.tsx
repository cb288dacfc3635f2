import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { QUOTE_STATUSES, type QuoteDrawing } from '@toolworks/shared'

import { setAccessToken } from '@/lib/access-token'
import { makeQuoteMessage, makeQuoteOffer, makeQuoteRequest } from '@/testing/factories'
import { quotesServer } from '@/testing/handlers/quotes'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { Conversation } from './conversation'
import { DrawingsList } from './drawings-list'
import { OfferView } from './offer-view'
import { parseStl } from './parse-stl'
import { QuoteStatusBadge } from './quote-status-badge'
import { RequestDetails } from './request-details'

describe('QuoteStatusBadge', () => {
  test('says each status in the words of the issue', () => {
    const words = QUOTE_STATUSES.map((status) => {
      const { unmount } = renderWithProviders(<QuoteStatusBadge status={status} />)
      const text = document.querySelector('.badge')?.textContent
      unmount()
      return text
    })
    expect(words).toEqual([
      'Requested',
      'Quoted',
      'Accepted',
      'Ordered',
      'Declined',
      'Expired',
      'Withdrawn',
    ])
  })
})

describe('RequestDetails', () => {
  test('shows everything the buyer sent', async () => {
    const quote = makeQuoteRequest({
      process: 'bending',
      partName: 'Side bracket',
      material: 'Brass',
      quantities: [100, 500, 1000],
      neededBy: '2099-01-15',
      tolerance: '±0.1 mm',
      finish: 'Anodised',
      notes: 'Deburr all edges',
      phone: '+880 1711 111111',
      address: '5 River Street, Dhaka',
    })
    renderWithProviders(<RequestDetails quote={quote} />)
    const value = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent
    expect(await value('Process')).toBe('Bending')
    expect(await value('Part name')).toBe('Side bracket')
    expect(await value('Material')).toBe('Brass')
    expect(await value('Quantities')).toBe('100 / 500 / 1,000')
    expect(await value('Needed by')).toBe('2099-01-15')
    expect(await value('Tolerance')).toBe('±0.1 mm')
    expect(await value('Finish')).toBe('Anodised')
    expect(await value('Notes')).toBe('Deburr all edges')
    expect(await value('Phone')).toBe('+880 1711 111111')
    expect(await value('Address')).toBe('5 River Street, Dhaka')
  })
})

describe('OfferView', () => {
  test('shows each line with unit price and line total, the terms, and earlier revisions apart', async () => {
    const first = makeQuoteOffer({ revision: 1, lines: [{ quantity: 100, unitPrice: 9 }] })
    const latest = makeQuoteOffer({
      revision: 2,
      lines: [
        { quantity: 100, unitPrice: 4.5 },
        { quantity: 1000, unitPrice: 3.25 },
      ],
      leadTimeDays: 12,
      validUntil: '2099-02-01',
      note: 'Price includes anodising.',
    })
    renderWithProviders(<OfferView offer={latest} offers={[first, latest]} />)
    const table = await screen.findByRole('table', { name: 'Quote: Revision 2' })
    expect(within(table).getByRole('columnheader', { name: 'Unit price' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Line total' })).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['100$4.50$450.00', '1,000$3.25$3,250.00'])
    expect(screen.getByText('Lead time: 12 working days')).toBeInTheDocument()
    expect(screen.getByText('2099-02-01')).toBeInTheDocument()
    expect(screen.getByText('Price includes anodising.')).toBeInTheDocument()
    // The old price is only inside "Earlier revisions".
    const earlier = screen.getByText('Earlier revisions').closest('details')!
    expect(earlier).not.toHaveAttribute('open')
    expect(within(earlier).getByRole('table', { name: 'Quote: Revision 1' })).toHaveTextContent(
      '$900.00',
    )
  })
})

describe('Conversation', () => {
  test('lists messages in order with name, role and time, and sends a new one', async () => {
    const quotes = quotesServer([], {
      conversation: {
        q1: [
          makeQuoteMessage({
            authorName: 'Jane',
            authorRole: 'customer',
            text: 'Can you do 2 mm?',
          }),
          makeQuoteMessage({ authorName: 'Rahim', authorRole: 'admin', text: 'Yes, we can.' }),
        ],
      },
    })
    server.use(...quotes.handlers)
    setAccessToken('buyer-token')
    const { user } = renderWithProviders(<Conversation quoteId="q1" />)
    const list = await screen.findByRole('list', { name: 'Conversation' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Jane \(Customer\) .*Can you do 2 mm\?$/) as unknown,
      expect.stringMatching(/^Rahim \(Toolworks\) .*Yes, we can\.$/) as unknown,
    ])

    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'Thanks')
    expect(screen.getByText('1994 characters left')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await within(list).findByText('Thanks')).toBeInTheDocument()
    expect(box).toHaveValue('')
    const post = quotes.seen.find((s) => s.method === 'POST')!
    expect(post.body).toEqual({ text: 'Thanks' })
    expect(post.authorization).toBe('Bearer buyer-token')
  })

  test('a failed send keeps what was typed and says so', async () => {
    server.use(
      http.get('/api/quote/:id/messages', () => HttpResponse.json([])),
      http.post('/api/quote/:id/messages', () =>
        HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'busy' } }, { status: 503 }),
      ),
    )
    const { user } = renderWithProviders(<Conversation quoteId="q1" />)
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'Is 316 possible?')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(
      await screen.findByText('The message was not sent. Your text is kept; please try again.'),
    ).toBeInTheDocument()
    expect(box).toHaveValue('Is 316 possible?')
  })

  test('an empty message is refused without a request', async () => {
    const quotes = quotesServer()
    server.use(...quotes.handlers)
    const { user } = renderWithProviders(<Conversation quoteId="q1" />)
    await screen.findByText('No messages yet.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Please write a message')).toBeInTheDocument()
    expect(quotes.seen.filter((s) => s.method === 'POST')).toEqual([])
  })
})

describe('DrawingsList', () => {
  const drawing = (overrides: Partial<QuoteDrawing>): QuoteDrawing => ({
    _id: 'd1',
    name: 'part.png',
    type: 'image/png',
    kind: 'png',
    size: 2048,
    ...overrides,
  })
  const created: Blob[] = []
  const revoked: string[] = []
  beforeEach(() => {
    created.length = 0
    revoked.length = 0
    // jsdom has no object URLs: stand-ins that name each blob in turn.
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob)
      return `blob:drawing-${created.length}`
    }
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url)
    }
  })
  // Only this block's own spies: the console guard restores its spies after this.
  const spies: { mockRestore: () => void }[] = []
  afterEach(() => {
    spies.splice(0).forEach((spy) => spy.mockRestore())
  })

  test('lists name, kind and size; Download fetches the file with the bearer token and saves it', async () => {
    const quotes = quotesServer([], {
      drawingBytes: { d2: { body: 'ISO-10303-21;', type: 'model/step' } },
    })
    server.use(...quotes.handlers)
    setAccessToken('buyer-token')
    const clicked: { href: string; download: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    spies.push(click)
    click.mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download })
    })
    const { user } = renderWithProviders(
      <DrawingsList
        quoteId="q1"
        drawings={[
          drawing({ _id: 'd2', name: 'housing.step', kind: 'step', size: 3 * 1024 * 1024 }),
        ]}
      />,
    )
    const row = (await screen.findByText('housing.step')).closest('li')!
    expect(row).toHaveTextContent('STEP')
    expect(row).toHaveTextContent('3.0 MB')
    // STEP has no preview in place; only images, PDF and STL do.
    expect(within(row).queryByRole('button', { name: /Preview/ })).toBeNull()

    await user.click(within(row).getByRole('button', { name: 'Download housing.step' }))
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:drawing-1', download: 'housing.step' }]),
    )
    expect(await created[0]!.text()).toBe('ISO-10303-21;')
    expect(quotes.seen[0]).toMatchObject({
      method: 'GET',
      authorization: 'Bearer buyer-token',
    })
    expect(quotes.seen[0]!.url.pathname).toBe('/api/quote/q1/drawing/d2')
  })

  // The name saved is the one the server sends with the file, not one made here.
  test('Download saves the file under the name of its Content-Disposition', async () => {
    const quotes = quotesServer([], {
      drawingBytes: {
        d2: {
          body: 'ISO-10303-21;',
          type: 'model/step',
          disposition: `attachment; filename="Flansch-Ma_.step"; filename*=UTF-8''Flansch-Ma%C3%9F.step`,
        },
      },
    })
    server.use(...quotes.handlers)
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    spies.push(click)
    click.mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    const { user } = renderWithProviders(
      <DrawingsList
        quoteId="q1"
        drawings={[drawing({ _id: 'd2', name: 'drawing.bat', kind: 'step', size: 13 })]}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Download drawing.bat' }))
    await waitFor(() => expect(clicked).toEqual(['Flansch-Maß.step']))
  })

  test('previews an image and a PDF in place through object URLs', async () => {
    server.use(
      ...quotesServer([], {
        drawingBytes: {
          d1: { body: 'png', type: 'image/png' },
          d3: { body: '%PDF-1.7', type: 'application/pdf' },
        },
      }).handlers,
    )
    const { user } = renderWithProviders(
      <DrawingsList
        quoteId="q1"
        drawings={[
          drawing({}),
          drawing({ _id: 'd3', name: 'sheet.pdf', kind: 'pdf', type: 'application/pdf' }),
        ]}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Preview of part.png' }))
    expect(await screen.findByRole('img', { name: 'Preview of part.png' })).toHaveAttribute(
      'src',
      'blob:drawing-1',
    )
    await user.click(screen.getByRole('button', { name: 'Preview of sheet.pdf' }))
    expect(await screen.findByTitle('Preview of sheet.pdf')).toHaveAttribute(
      'src',
      'blob:drawing-2',
    )
    // The first preview's object URL is let go when the second replaces it.
    expect(revoked).toContain('blob:drawing-1')
  })

  test('previews an STL as a wireframe drawn from its triangles', async () => {
    const stl =
      'solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n'
    server.use(
      ...quotesServer([], { drawingBytes: { d4: { body: stl, type: 'model/stl' } } }).handlers,
    )
    // jsdom has no 2D canvas: a stand-in that records the lines drawn.
    const lines: string[] = []
    const context = {
      clearRect: () => {},
      beginPath: () => {},
      moveTo: () => lines.push('move'),
      lineTo: () => lines.push('line'),
      closePath: () => {},
      stroke: () => {},
      strokeStyle: '',
      lineWidth: 1,
    }
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext')
    spies.push(getContext)
    getContext.mockReturnValue(context as unknown as CanvasRenderingContext2D)
    const { user } = renderWithProviders(
      <DrawingsList
        quoteId="q1"
        drawings={[drawing({ _id: 'd4', name: 'part.stl', kind: 'stl' })]}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Preview of part.stl' }))
    const canvas = await screen.findByRole('img', { name: 'Preview of part.stl' })
    await waitFor(() => expect(canvas).toHaveAttribute('data-triangles', '1'))
    // The drawing runs in an effect after the render that set the attribute: wait for it too.
    await waitFor(() => expect(lines).toEqual(['move', 'line', 'line']))
  })

  test('a refused download says so and changes nothing else', async () => {
    const { user } = renderWithProviders(
      <DrawingsList quoteId="q1" drawings={[drawing({ _id: 'gone' })]} />,
    )
    await user.click(await screen.findByRole('button', { name: 'Download part.png' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The drawing could not be downloaded. Please try again.',
    )
  })
})

describe('parseStl', () => {
  test('reads a binary STL by the size its header announces', () => {
    const buffer = new ArrayBuffer(84 + 2 * 50)
    const view = new DataView(buffer)
    new Uint8Array(buffer).set(new TextEncoder().encode('solid but binary'))
    view.setUint32(80, 2, true)
    view.setFloat32(84 + 12, 5, true)
    view.setFloat32(84 + 50 + 12 + 24 + 8, 7, true)
    const triangles = parseStl(buffer)
    expect(triangles).toHaveLength(2)
    expect(triangles[0]![0]).toEqual([5, 0, 0])
    expect(triangles[1]![2]).toEqual([0, 0, 7])
  })
})
