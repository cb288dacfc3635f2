import { QUOTE_DRAWING_KINDS, shopDate } from '@toolworks/shared'
import { eq, inArray } from 'drizzle-orm'

import type { Tx } from '../client.js'
import {
  quoteDrawings,
  quoteMessages,
  quoteOfferLines,
  quoteOffers,
  quoteRequests,
  users,
} from '../schema/index.js'

const DAY_MS = 86_400_000

type Status = 'requested' | 'quoted' | 'declined' | 'expired' | 'withdrawn'

type DemoQuote = {
  buyer: string
  status: Status
  daysAgo: number
  process: 'machining' | 'molding' | 'cutting' | 'stamping' | 'bending' | 'welding'
  partName: string
  material: string
  quantities: number[]
  tolerance?: string
  finish?: string
  notes: string
  /** Unit prices in cents per quantity, when the shop has quoted; valid for `validDays`. */
  offer?: { unitPriceCents: number[]; leadTimeDays: number; validDays: number; note: string }
  declineReason?: string
  conversation?: { from: 'buyer' | 'shop'; text: string }[]
}

/**
 * The quote requests of the demo shop (issues 15 and 18): one in each status a buyer reaches
 * without paying, so a fresh development shop shows the queue, a quote to accept, and the ends.
 * The demo buyer owns the two that can still be acted on.
 */
export const DEMO_QUOTES: readonly DemoQuote[] = [
  {
    buyer: 'buyer@demo.toolworks.test',
    status: 'requested',
    daysAgo: 1,
    process: 'machining',
    partName: 'Pump shaft coupling',
    material: 'Stainless steel 316',
    quantities: [50, 200],
    tolerance: '±0.02 mm on the bore',
    finish: 'Passivated',
    notes: 'Replaces a worn coupling on a seawater pump; the STEP file is the new revision.',
  },
  {
    buyer: 'buyer@demo.toolworks.test',
    status: 'quoted',
    daysAgo: 6,
    process: 'bending',
    partName: 'Mounting bracket MB-40',
    material: 'Mild steel',
    quantities: [100, 500, 1000],
    finish: 'Powder coated, RAL 7035',
    notes: 'Two 90° bends, four M6 holes. Drawing attached.',
    offer: {
      unitPriceCents: [385, 298, 245],
      leadTimeDays: 12,
      validDays: 14,
      note: 'Prices include powder coating. The 1,000 run ships in two lots.',
    },
    conversation: [
      { from: 'buyer', text: 'Can the holes be slotted instead of round?' },
      { from: 'shop', text: 'Yes, at the same price. The quote below assumes slotted holes.' },
    ],
  },
  {
    buyer: 'nadia@demo.toolworks.test',
    status: 'declined',
    daysAgo: 20,
    process: 'molding',
    partName: 'Cable gland housing',
    material: 'Nylon',
    quantities: [2000],
    notes: 'Glass-filled nylon if possible.',
    offer: { unitPriceCents: [142], leadTimeDays: 25, validDays: 14, note: 'Includes the mold.' },
    declineReason: 'We found a stock part that fits.',
  },
  {
    buyer: 'tomas@demo.toolworks.test',
    status: 'expired',
    daysAgo: 40,
    process: 'welding',
    partName: 'Trolley frame',
    material: 'Mild steel',
    quantities: [10, 25],
    notes: 'Square tube 40×40×2, welded, primed.',
    offer: { unitPriceCents: [8900, 7650], leadTimeDays: 15, validDays: 14, note: '' },
  },
  {
    buyer: 'amina@demo.toolworks.test',
    status: 'withdrawn',
    daysAgo: 12,
    process: 'cutting',
    partName: 'Gasket set',
    material: 'Other: EPDM rubber sheet 3 mm',
    quantities: [300],
    notes: 'Laser or water-jet cut.',
  },
]

/** A small but real ISO 10303-21 file, so the demo drawing downloads and sniffs as STEP. */
function demoStep(partName: string): Buffer {
  return Buffer.from(
    [
      'ISO-10303-21;',
      'HEADER;',
      `FILE_DESCRIPTION(('${partName}'),'2;1');`,
      "FILE_NAME('demo.step','2026-01-01T00:00:00',('Toolworks demo'),(''),'','','');",
      "FILE_SCHEMA(('AUTOMOTIVE_DESIGN'));",
      'ENDSEC;',
      'DATA;',
      "#1=CARTESIAN_POINT('',(0.,0.,0.));",
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n'),
  )
}

/**
 * Inside the seed's transaction, after the demo buyers exist (insertDemoShop). Returns how
 * many requests it made.
 */
export async function insertDemoQuotes(tx: Tx, now: number): Promise<number> {
  const emails = [...new Set(DEMO_QUOTES.map((q) => q.buyer))]
  const buyers = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, emails))
  const byEmail = new Map(buyers.map((b) => [b.email, b]))
  const [admin] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, 'admin@demo.toolworks.test'))

  let made = 0
  for (const [index, q] of DEMO_QUOTES.entries()) {
    const buyer = byEmail.get(q.buyer)
    if (!buyer) continue
    const at = new Date(now - q.daysAgo * DAY_MS)
    const [request] = await tx
      .insert(quoteRequests)
      .values({
        customerId: buyer.id,
        customerEmail: buyer.email,
        customerName: buyer.name,
        process: q.process,
        partName: q.partName,
        material: q.material,
        quantities: q.quantities,
        tolerance: q.tolerance ?? '',
        finish: q.finish ?? '',
        notes: q.notes,
        phone: `+880 1711 ${String(200_000 + index * 6073).slice(-6)}`,
        address: 'House 12, Road 3, Gazipur',
        status: q.status,
        declineReason: q.declineReason ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: quoteRequests.id })
    if (!request) throw new Error('insert returned no row')
    made += 1

    const step = demoStep(q.partName)
    await tx.insert(quoteDrawings).values({
      requestId: request.id,
      position: 0,
      name: `${q.partName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.step`,
      kind: 'step',
      contentType: QUOTE_DRAWING_KINDS.step.contentType,
      byteSize: step.length,
      data: step,
      createdAt: at,
      updatedAt: at,
    })

    if (q.offer) {
      const offeredAt = new Date(at.getTime() + DAY_MS)
      // Valid from the day it was sent: the quoted one is still open, the expired one is not.
      const validUntil = shopDate(new Date(offeredAt.getTime() + q.offer.validDays * DAY_MS))
      const [offer] = await tx
        .insert(quoteOffers)
        .values({
          requestId: request.id,
          revision: 1,
          leadTimeDays: q.offer.leadTimeDays,
          validUntil,
          note: q.offer.note,
          createdBy: admin?.id ?? null,
          createdAt: offeredAt,
          updatedAt: offeredAt,
        })
        .returning({ id: quoteOffers.id })
      if (!offer) throw new Error('insert returned no row')
      const prices = q.offer.unitPriceCents
      await tx.insert(quoteOfferLines).values(
        q.quantities.map((quantity, position) => ({
          offerId: offer.id,
          position,
          quantity,
          unitPriceCents: prices[position] ?? prices[prices.length - 1] ?? 100,
        })),
      )
    }

    for (const [i, message] of (q.conversation ?? []).entries()) {
      const when = new Date(at.getTime() + (i + 1) * 3_600_000)
      await tx.insert(quoteMessages).values({
        requestId: request.id,
        authorId: message.from === 'buyer' ? buyer.id : (admin?.id ?? null),
        authorName: message.from === 'buyer' ? buyer.name : (admin?.name ?? 'Toolworks'),
        authorRole: message.from === 'buyer' ? 'customer' : 'admin',
        text: message.text,
        createdAt: when,
        updatedAt: when,
      })
    }
  }
  return made
}
