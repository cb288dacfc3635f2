import { z } from 'zod'

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
})
export type Health = z.infer<typeof HealthSchema>

export const healthContract = {
  get: { method: 'GET', path: '/api/health', response: HealthSchema },
} as const
