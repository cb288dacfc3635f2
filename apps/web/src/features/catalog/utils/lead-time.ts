import { z } from 'zod'

import { ToolCreateBodySchema } from '@toolworks/shared'

/**
 * The lead-time input as the shared rule reads it: an empty number input (NaN) means none;
 * the shared cross-field rule asks for one when the tool is made to order.
 */
export const LeadTimeInputSchema = z
  .nan()
  .transform(() => null)
  .or(ToolCreateBodySchema.shape.leadTimeDays.unwrap())
