import { z } from 'zod'

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /**
   * Only when REDIS_URL is set. A Redis that is down leaves the shop up (limits
   * and sessions fall back), so it never makes the status unavailable: it is for monitoring.
   */
  redis: z.enum(['up', 'down']).optional(),
})
export type Health = z.infer<typeof HealthSchema>

export const healthContract = {
  get: { method: 'GET', path: '/api/health', response: HealthSchema },
} as const
