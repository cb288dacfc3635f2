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

/**
 * axe's colour-contrast rule over the elements `selector` finds, and nothing else: how many it
 * judged (so a check over no badge at all cannot pass unseen) and each failure. daisyUI's badge
 * carries a (flat) noise image, so axe leaves it "incomplete"; those are measured here instead,
 * text colour over the badge's own background colour, each painted on a canvas to read sRGB.
 */
export async function contrastOf(
  page: Page,
  selector: string,
  minimum = 4.5,
): Promise<{ checked: number; failures: string[] }> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  await page.evaluate(axe.source)
  return page.evaluate(
    async ({ include, minimum }) => {
      const runner = (window as unknown as { axe: typeof axe }).axe
      const result = await runner.run(
        { include: [include] },
        { runOnly: { type: 'rule', values: ['color-contrast'] } },
      )
      const nodes = (kind: 'passes' | 'violations' | 'incomplete') =>
        result[kind].flatMap((rule) => rule.nodes)
      const canvas = document.createElement('canvas').getContext('2d', {
        willReadFrequently: true,
      })
      if (!canvas) throw new Error('no canvas')
      const rgba = (css: string, under: number[] = [255, 255, 255]) => {
        canvas.clearRect(0, 0, 1, 1)
        canvas.fillStyle = `rgb(${under.join(' ')})`
        canvas.fillRect(0, 0, 1, 1)
        canvas.fillStyle = css
        canvas.fillRect(0, 0, 1, 1)
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)]
      }
      const luminance = (rgb: number[]) => {
        const [r = 0, g = 0, b = 0] = rgb.map((v) => {
          const c = v / 255
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
        })
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
      }
      const measured = nodes('incomplete').map((node) => {
        const target = String(node.target[0])
        const el = document.querySelector(target)
        if (!el) return `${target}: not found`
        let back: Element | null = el
        while (back && getComputedStyle(back).backgroundColor === 'rgba(0, 0, 0, 0)')
          back = back.parentElement
        const bg = rgba(back ? getComputedStyle(back).backgroundColor : 'white')
        const fg = rgba(getComputedStyle(el).color, bg)
        const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a)
        const ratio = ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
        return ratio >= minimum ? '' : `${target} "${el.textContent}": ${ratio.toFixed(2)}:1`
      })
      return {
        checked: nodes('passes').length + nodes('violations').length + measured.length,
        failures: [
          ...nodes('violations').map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary}`),
          ...measured.filter(Boolean),
        ],
      }
    },
    { include: selector, minimum },
  )
}
