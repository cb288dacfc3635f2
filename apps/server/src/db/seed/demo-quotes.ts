import { createHash } from 'node:crypto'

import { addWorkingDays, QUOTE_DRAWING_KINDS, quoteWords, shopDate } from '@toolworks/shared'
import { eq, inArray } from 'drizzle-orm'

import type { BlobRef, BlobStore } from '../../modules/blobs/blob-store.js'
import type { Tx } from '../client.js'
import {
  orderLines,
  orders,
  quoteDrawings,
  quoteMessages,
  quoteOfferLines,
  quoteOffers,
  quoteRequests,
  users,
} from '../schema/index.js'
import { DEMO_VAT_PERCENT, vatOf } from './demo-vat.js'

const DAY_MS = 86_400_000

type Status = 'requested' | 'quoted' | 'accepted' | 'ordered' | 'declined' | 'expired' | 'withdrawn'

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
  /** Accepted or ordered: which of the quantities (its index) the buyer took. */
  acceptedLine?: number
  conversation?: { from: 'buyer' | 'shop'; text: string }[]
}

/**
 * The quote requests of the demo shop: one in every status, so a fresh
 * development shop shows the queue, a quote to accept, one in the demo buyer's cart, one ordered
 * and paid (a custom line in Manage Orders), and the ends. The demo buyer owns the three that can
 * still be acted on.
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
    buyer: 'buyer@demo.toolworks.test',
    status: 'accepted',
    daysAgo: 3,
    process: 'cutting',
    partName: 'Laser-cut cover plate',
    material: 'Stainless steel 304',
    quantities: [20, 100],
    finish: 'Brushed, deburred',
    notes: 'DXF attached; 2 mm sheet.',
    offer: { unitPriceCents: [1450, 980], leadTimeDays: 8, validDays: 14, note: '' },
    acceptedLine: 1,
  },
  {
    buyer: 'li.wei@demo.toolworks.test',
    status: 'ordered',
    daysAgo: 25,
    process: 'stamping',
    partName: 'Spring clip SC-12',
    material: 'Other: spring steel 65Mn',
    quantities: [5000],
    finish: 'Zinc plated',
    notes: 'Same as our last batch, new drawing revision C.',
    offer: { unitPriceCents: [18], leadTimeDays: 18, validDays: 14, note: 'Tooling is ours.' },
    acceptedLine: 0,
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
 * The demo drawings' bytes, written to the blob store before the seed's transaction (nothing
 * slow runs inside one): part name → blob.
 */
export async function putDemoDrawings(blobs: BlobStore): Promise<Map<string, BlobRef>> {
  const refs = new Map<string, BlobRef>()
  for (const q of DEMO_QUOTES) refs.set(q.partName, await blobs.put(demoStep(q.partName)))
  return refs
}

/**
 * Inside the seed's transaction, after the demo buyers exist (insertDemoShop). Returns how
 * many requests it made.
 */
export async function insertDemoQuotes(
  tx: Tx,
  now: number,
  drawings: Map<string, BlobRef>,
): Promise<number> {
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
        // Accepted and ordered ones are quoted first: acceptance names the offer it took.
        status: q.acceptedLine === undefined ? q.status : 'quoted',
        declineReason: q.declineReason ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: quoteRequests.id })
    if (!request) throw new Error('insert returned no row')
    made += 1

    const step = drawings.get(q.partName)
    if (!step) throw new Error(`no demo drawing for ${q.partName}`)
    await tx.insert(quoteDrawings).values({
      requestId: request.id,
      position: 0,
      name: `${q.partName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.step`,
      kind: 'step',
      contentType: QUOTE_DRAWING_KINDS.step.contentType,
      byteSize: step.size,
      sha256: step.key,
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
      if (q.acceptedLine !== undefined) {
        const quantity = q.quantities[q.acceptedLine] ?? 1
        const unitPriceCents = prices[q.acceptedLine] ?? 100
        const acceptedAt = new Date(offeredAt.getTime() + DAY_MS)
        const orderId =
          q.status === 'ordered'
            ? await insertCustomOrder(tx, {
                requestId: request.id,
                partName: q.partName,
                buyer,
                quantity,
                unitPriceCents,
                leadTimeDays: q.offer.leadTimeDays,
                at: new Date(acceptedAt.getTime() + 3_600_000),
              })
            : null
        await tx
          .update(quoteRequests)
          .set({
            status: q.status,
            acceptedOfferId: offer.id,
            acceptedQuantity: quantity,
            acceptedAt,
            orderId,
          })
          .where(eq(quoteRequests.id, request.id))
      }
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

/** The paid order of an ordered demo quote: one custom line, made to order, a sandbox payment. */
async function insertCustomOrder(
  tx: Tx,
  o: {
    requestId: string
    partName: string
    buyer: { id: string; email: string; name: string }
    quantity: number
    unitPriceCents: number
    leadTimeDays: number
    at: Date
  },
): Promise<string> {
  const totalCents = o.quantity * o.unitPriceCents
  const name = quoteWords.cartLineName(o.partName)
  const payment = `pi_sandbox_${createHash('sha256').update(o.requestId).digest('hex').slice(0, 24)}`
  const paidAt = new Date(o.at.getTime() + 20 * 60_000)
  const [order] = await tx
    .insert(orders)
    .values({
      toolId: null,
      toolName: name,
      unitPriceCents: o.unitPriceCents,
      quantity: o.quantity,
      subtotalCents: totalCents,
      totalCents,
      vatRate: DEMO_VAT_PERCENT,
      vatCents: vatOf([{ unitPriceCents: o.unitPriceCents, quantity: o.quantity }]),
      customerId: o.buyer.id,
      customerEmail: o.buyer.email,
      customerName: o.buyer.name,
      phone: '+880 1711 300300',
      address: '19 Kiln Road, Tongi',
      status: 'paid',
      paid: true,
      transactionId: payment,
      paymentIntentId: payment,
      paidAt,
      createdAt: o.at,
      updatedAt: paidAt,
    })
    .returning({ id: orders.id })
  if (!order) throw new Error('insert returned no row')
  await tx.insert(orderLines).values({
    orderId: order.id,
    position: 0,
    toolId: null,
    quoteId: o.requestId,
    leadTimeDays: o.leadTimeDays,
    toolName: name,
    unitPriceCents: o.unitPriceCents,
    quantity: o.quantity,
    lineTotalCents: totalCents,
    fromStock: 0,
    madeToOrder: o.quantity,
    shipsBy: addWorkingDays(shopDate(paidAt), o.leadTimeDays),
  })
  return order.id
}
