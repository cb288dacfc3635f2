import axe from 'axe-core'
import type { Page } from 'playwright-core'

/**
 * axe-core in the page (evaluated, so the site's CSP stays on); serious and critical only, each
 * with where it is. It waits for running animations to end first: a toast fading in has, for a
 * moment, colours of too little contrast, which is not what the reader sees.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe
    const result = await runner.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }))
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
