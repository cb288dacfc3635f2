import { http, HttpResponse } from 'msw'

import {
  messages,
  PromotionSchema,
  type ErrorBody,
  type FirstOrderEligibility,
  type Promotion,
  type PromotionCreateInput,
  type PromotionUpdateBody,
  promotionsContract,
} from '@toolworks/shared'

let sequence = 0

/** A valid promotion (checked by the shared schema); override only what the test is about. */
export function makePromotion(overrides: Partial<Promotion> = {}): Promotion {
  sequence += 1
  return PromotionSchema.parse({
    id: `promotion-${sequence}`,
    kind: 'first-order',
    percent: 50,
    cap: 100,
    startsAt: '2020-01-01',
    endsAt: '2099-12-31',
    title: `Offer ${sequence}`,
    text: `The words of offer ${sequence}.`,
    ...overrides,
  })
}

/** The seed's two offers, as a fresh shop shows them. */
export const demoPromotions = (): Promotion[] => [
  makePromotion({
    title: messages.homeSections.firstOrderTitle,
    text: messages.homeSections.firstOrderText,
  }),
  makePromotion({
    kind: 'free-shipping',
    percent: null,
    cap: null,
    title: messages.homeSections.freeShippingTitle,
    text: messages.homeSections.freeShippingText,
  }),
]

/** GET /api/promotion: today's promotions as given. */
export function activePromotionsHandler(list: Promotion[]) {
  return http.get(promotionsContract.listActive.path, () => HttpResponse.json(list))
}

/** GET /api/promotion/admin: every promotion as given. */
export function allPromotionsHandler(list: Promotion[]) {
  return http.get(promotionsContract.listAll.path, () => HttpResponse.json(list))
}

/** POST /api/promotion answering 201 with the stored promotion; bodies go onto `sent`. */
export function createPromotionHandler(sent: unknown[] = []) {
  return http.post(promotionsContract.create.path, async ({ request }) => {
    const body = (await request.json()) as PromotionCreateInput
    sent.push(body)
    return HttpResponse.json(makePromotion({ percent: null, cap: null, ...body }), {
      status: 201,
    })
  })
}

/** PUT /api/promotion/{id} answering the edited promotion; `{ id, body }` go onto `sent`. */
export function updatePromotionHandler(current: Promotion, sent: unknown[] = []) {
  return http.put(promotionsContract.update.path, async ({ request, params }) => {
    const body = (await request.json()) as PromotionUpdateBody
    sent.push({ id: params.id, body })
    return HttpResponse.json({ ...current, ...body })
  })
}

/** DELETE /api/promotion/{id}; each id goes onto `deleted`. */
export function deletePromotionHandler(deleted: unknown[] = []) {
  return http.delete(promotionsContract.remove.path, ({ params }) => {
    deleted.push(params.id)
    return HttpResponse.json({ acknowledged: true, deletedCount: 1 })
  })
}

/** Any promotions endpoint failing with this error body. */
export function promotionErrorHandler(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  status: number,
  error: ErrorBody['error'],
) {
  return http[method](path, () => HttpResponse.json({ error }, { status }))
}

/**
 * GET /api/promotion/first-order/estimate: the server's word on the first-order
 * discount for a phone and an address; `seen` keeps what was asked.
 */
export function firstOrderEstimateServer(
  answer: (where: { phone: string; address: string }) => FirstOrderEligibility = () => 'eligible',
) {
  const seen: { phone: string; address: string }[] = []
  return {
    seen,
    handler: http.get(promotionsContract.firstOrderEstimate.path, ({ request }) => {
      const query = new URL(request.url).searchParams
      const where = { phone: query.get('phone') ?? '', address: query.get('address') ?? '' }
      seen.push(where)
      return HttpResponse.json({ eligibility: answer(where) })
    }),
  }
}

export const promotionsHandlers = [
  firstOrderEstimateServer().handler,
  activePromotionsHandler(demoPromotions()),
  allPromotionsHandler([]),
  createPromotionHandler(),
]
