import { createHash } from 'node:crypto'

import { EARLY_CLICKS_SCRIPT } from '@toolworks/shared'

/**
 * The page's first script: it holds clicks on server-rendered controls from
 * before the first paint until the app can replay them (packages/shared early-clicks.ts). Inline,
 * so no request stands between the HTML and the capture; the CSP allows exactly this text.
 */
export const EARLY_CLICKS_TAG = `<script>${EARLY_CLICKS_SCRIPT}</script>`

/** The CSP source that allows the inline capture and nothing else inline. */
export const EARLY_CLICKS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`

/** The page template with the capture first in its <head>, ahead of the stylesheet. */
export function withEarlyClicks(template: string): string {
  return template.replace(/<head>/i, `<head>\n    ${EARLY_CLICKS_TAG}`)
}
