import { z } from 'zod'

/** A company review as the API shows it (SPEC.md §3). */
export const ReviewSchema = z.object({
  _id: z.string(),
  customer: z.string(),
  customerName: z.string(),
  reviewText: z.string(),
  stars: z.number().int().min(1).max(5),
})
export type Review = z.infer<typeof ReviewSchema>
