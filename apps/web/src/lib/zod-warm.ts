import { nextTask } from './next-task'

/**
 * zod's code and the first contracts' schemas, evaluated in one task when they came together,
 * took about 110 ms on a phone: long enough to delay a tap (Total Blocking Time).
 * Loaded here first, with a yield to the browser after it, zod evaluates in a task of its own
 * and each contract's module then builds only its own schemas, in short tasks.
 */
let warming: Promise<void> | undefined

export function warmZod(): Promise<void> {
  warming ??= import('./zod-entry').then(nextTask).catch((error: unknown) => {
    // A failed chunk load (offline) may succeed on the next call; the caller's own import
    // reports the failure.
    warming = undefined
    throw error
  })
  return warming
}
