import type { ToolDocument } from '@toolworks/shared'

import { DEMO_DOCS, rangeTools, type PictureName } from './range.js'

/**
 * Demo catalogue: tools and parts of the Toolworks range. Every picture is a small
 * hand-drawn SVG (800 × 600, no text, no external references) that the seed stores
 * through the media service like any uploaded image. The first tools each have their own;
 * the range after them (range.ts) shares one picture per family, so the seed encodes
 * a score of pictures, not hundreds.
 */
export type SeedTool = {
  name: string
  priceCents: number
  quantity: number
  minimum: number
  description: string
  svg: string
  /** Buying rules (volume prices, packs, minimums, made to order), on a few tools so the demo shows them. */
  priceBreaks?: { minQuantity: number; priceCents: number }[]
  packSize?: number
  madeToOrder?: boolean
  leadTimeDays?: number
  /** Every demo tool has a part number, a category (slug) and its specs. */
  partNumber: string
  category: string
  specs: Record<string, number | string>
  /** Downloads (static files under apps/web/public/docs). */
  documents?: ToolDocument[]
  /** Added with the catalogue search: left out of the demo order history, which stays as it was. */
  notInDemoHistory?: true
}

// Palette: steel greys, dark slate, safety orange.
const OUT = '#475569'
const DARK = '#1e293b'
const SLATE = '#334155'
const S1 = '#e2e8f0'
const S2 = '#cbd5e1'
const S3 = '#94a3b8'
const S4 = '#64748b'
const OR = '#f97316'
const OR2 = '#ea580c'
const OR4 = '#9a3412'
const ST = 'url(#st)'
const SX = 'url(#sx)'
const ln = `stroke="${OUT}" stroke-width="3" stroke-linejoin="round"`

const n = (v: number): number => Math.round(v * 10) / 10
const range = (from: number, to: number, step: number): number[] => {
  const out: number[] = []
  for (let v = from; v <= to; v += step) out.push(v)
  return out
}

/** The picture around a drawing: background, floor shadow, shared gradients. */
function frame(body: string, shadow: [number, number, number, number], defs = ''): string {
  const [cx, cy, rx, ry] = shadow
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">' +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>' +
    '<linearGradient id="st" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1f5f9"/>' +
    '<stop offset=".55" stop-color="#cbd5e1"/><stop offset="1" stop-color="#94a3b8"/></linearGradient>' +
    '<linearGradient id="sx" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#94a3b8"/>' +
    '<stop offset=".4" stop-color="#f1f5f9"/><stop offset="1" stop-color="#94a3b8"/></linearGradient>' +
    '<radialGradient id="sh"><stop offset="0" stop-color="#0f172a" stop-opacity=".22"/>' +
    `<stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>${defs}</defs>` +
    '<rect width="800" height="600" fill="url(#bg)"/>' +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#sh)"/>${body}</svg>`
  )
}

/** A thick rounded stroke with a darker outline: bars, arms, handles. */
function bar(d: string, width: number, color: string, outline = OUT): string {
  return (
    '<g fill="none" stroke-linecap="round" stroke-linejoin="round">' +
    `<path d="${d}" stroke="${outline}" stroke-width="${width + 6}"/>` +
    `<path d="${d}" stroke="${color}" stroke-width="${width}"/></g>`
  )
}

/** Path data of a full circle, to combine with other sub-paths (holes with evenodd). */
const circle = (cx: number, cy: number, r: number): string =>
  `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`

/** Path data of a regular hexagon. */
function hex(cx: number, cy: number, r: number, rotation = 0): string {
  const points = range(0, 5, 1).map((i) => {
    const a = ((i * 60 + rotation) * Math.PI) / 180
    return `${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`
  })
  return `M${points.join('L')}Z`
}

/** A ring: a disc with a hole through it. */
const ring = (cx: number, cy: number, r: number, hole: number, attrs: string): string =>
  `<path d="${circle(cx, cy, r)}${circle(cx, cy, hole)}" fill-rule="evenodd" ${attrs}/>`

function combinationWrench(length: number, r: number): string {
  const gap = 0.55 * r
  const tip = n(-Math.sqrt(r * r - gap * gap))
  const back = n(0.12 * r)
  const h = 0.3 * r
  return (
    `<rect x="${n(0.5 * r)}" y="${n(-h)}" width="${n(length - 1.1 * r)}" height="${n(2 * h)}" ` +
    `rx="${n(h)}" fill="${ST}" ${ln}/>` +
    `<rect x="${n(1.2 * r)}" y="${n(-0.35 * h)}" width="${n(length - 2.4 * r)}" ` +
    `height="${n(0.7 * h)}" rx="${n(0.35 * h)}" fill="${S3}"/>` +
    `<path d="M${tip} ${n(-gap)}A${r} ${r} 0 1 1 ${tip} ${n(gap)}L${back} ${n(gap)}L${back} ${n(-gap)}Z" ` +
    `fill="${ST}" ${ln} transform="rotate(-15)"/>` +
    `<path d="${circle(length, 0, 0.86 * r)}${hex(length, 0, 0.46 * r, 30)}" fill="${ST}" ` +
    `fill-rule="evenodd" ${ln}/>`
  )
}

const wrenchSetSvg = frame(
  '<g transform="translate(24 0) rotate(-12 400 300)">' +
    [
      [430, 38, 180],
      [490, 46, 295],
      [550, 54, 420],
    ]
      .map(
        ([length = 0, r = 0, y = 0]) =>
          `<g transform="translate(${400 - length / 2} ${y})">${combinationWrench(length, r)}</g>`,
      )
      .join('') +
    '</g>',
  [400, 520, 300, 30],
)

const hammerSvg = frame(
  '<g transform="rotate(-24 400 330)">' +
    `<path d="M385 160H415L421 560Q421 574 407 574H393Q379 574 379 560Z" fill="${OR}" ${ln}/>` +
    `<path d="M380 400H420L423 562Q423 578 407 578H393Q377 578 377 562Z" fill="${SLATE}" ${ln}/>` +
    `<path d="${range(420, 556, 17)
      .map((y) => `M382 ${y}H418`)
      .join('')}" stroke="${DARK}" stroke-width="4"/>` +
    `<path d="M318 118L380 110V170L318 162Z" fill="${ST}" ${ln}/>` +
    `<path d="M420 112L474 128V152L420 168Z" fill="${ST}" ${ln}/>` +
    `<circle cx="488" cy="140" r="25" fill="${ST}" ${ln}/>` +
    `<rect x="374" y="102" width="52" height="76" rx="7" fill="${ST}" ${ln}/>` +
    `<rect x="292" y="100" width="28" height="80" rx="6" fill="${ST}" ${ln}/>` +
    `<path d="M384 108H416" stroke="${S4}" stroke-width="4" stroke-linecap="round"/>` +
    '</g>',
  [400, 520, 240, 26],
)

const drillChuckSvg = frame(
  '<g transform="rotate(-8 400 300)">' +
    `<rect x="80" y="286" width="180" height="28" fill="${ST}" ${ln}/>` +
    `<path d="M80 286L54 300L80 314Z" fill="${S2}" ${ln}/>` +
    `<path d="${range(92, 236, 18)
      .map((x) => `M${x} 287l14 26`)
      .join('')}" stroke="${S4}" stroke-width="4"/>` +
    `<path d="M244 280L276 264V336L244 320Z" fill="${S3}" ${ln}/>` +
    `<path d="M272 246L342 224V376L272 354Z" fill="${ST}" ${ln}/>` +
    `<rect x="336" y="198" width="198" height="204" rx="20" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="342" y="218" width="186" height="20" rx="6" fill="${OUT}"/>` +
    `<path d="${range(356, 516, 16)
      .map((x) => `M${x} 206V394`)
      .join('')}" stroke="${DARK}" stroke-width="6"/>` +
    `<rect x="528" y="212" width="22" height="176" rx="5" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<rect x="548" y="222" width="78" height="156" rx="12" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="556" y="236" width="62" height="14" rx="5" fill="${OUT}"/>` +
    `<rect x="624" y="268" width="72" height="64" rx="4" fill="${ST}" ${ln}/>` +
    `<path d="${range(634, 688, 9)
      .map((x) => `M${x} 270l7 60`)
      .join('')}" stroke="${S4}" stroke-width="3"/>` +
    '</g>',
  [390, 470, 320, 28],
)

const caliperSvg = frame(
  '<g transform="translate(-26 36)">' +
    `<path d="M126 200V140L140 120L156 150V200Z" fill="${ST}" ${ln}/>` +
    `<path d="M316 194V144L330 122L344 152V194Z" fill="${ST}" ${ln}/>` +
    `<rect x="110" y="200" width="600" height="46" rx="4" fill="${ST}" ${ln}/>` +
    `<rect x="706" y="219" width="44" height="8" rx="2" fill="${S3}" stroke="${OUT}" stroke-width="2"/>` +
    `<path d="${range(0, 64, 1)
      .map((i) => `M${184 + i * 8} 246v-${i % 10 === 0 ? 17 : i % 5 === 0 ? 12 : 7}`)
      .join('')}" stroke="${DARK}" stroke-width="1.6"/>` +
    `<path d="M110 196H176V246H160V432L150 448H134Q110 400 110 320Z" fill="${ST}" ${ln}/>` +
    `<path d="M300 254V432L310 448H326Q350 400 352 320L356 254Z" fill="${ST}" ${ln}/>` +
    `<rect x="296" y="188" width="144" height="70" rx="6" fill="${S2}" ${ln}/>` +
    `<rect x="310" y="232" width="116" height="18" rx="2" fill="${S1}" stroke="${OUT}" stroke-width="1.5"/>` +
    `<path d="${range(0, 10, 1)
      .map((i) => `M${316 + i * 10.4} 232v${i % 5 === 0 ? 12 : 7}`)
      .join('')}" stroke="${DARK}" stroke-width="1.6"/>` +
    `<rect x="388" y="170" width="26" height="20" rx="4" fill="${OR}" ${ln}/>` +
    `<circle cx="420" cy="270" r="13" fill="${OR}" ${ln}/>` +
    '</g>',
  [410, 500, 320, 24],
)

function hexBolt(): string {
  return (
    `<path d="M54 -22H346L358 -10V10L346 22H54Z" fill="${ST}" ${ln}/>` +
    `<path d="${range(150, 340, 11)
      .map((x) => `M${x} -21l8 42`)
      .join('')}" stroke="${S4}" stroke-width="2.5"/>` +
    `<rect x="46" y="-34" width="10" height="68" rx="2" fill="${S3}" ${ln}/>` +
    `<rect x="0" y="-46" width="50" height="92" rx="7" fill="${ST}" ${ln}/>` +
    `<path d="M2 -23H48M2 23H48" stroke="${OUT}" stroke-width="2.5"/>`
  )
}

const hexBoltSvg = frame(
  `<g transform="translate(120 250) rotate(-18)">${hexBolt()}</g>` +
    `<g transform="translate(150 385) rotate(-18)">${hexBolt()}</g>` +
    `<path d="${hex(600, 390, 74)}${circle(600, 390, 34)}" fill-rule="evenodd" fill="${ST}" ${ln}/>` +
    `<circle cx="600" cy="390" r="62" fill="none" stroke="${S3}" stroke-width="3"/>` +
    `<circle cx="600" cy="390" r="38" fill="none" stroke="${S4}" stroke-width="4"/>` +
    ring(612, 200, 54, 27, `fill="${ST}" ${ln}`) +
    `<circle cx="612" cy="200" r="40" fill="none" stroke="${S3}" stroke-width="2"/>`,
  [410, 500, 310, 30],
)

const benchViseSvg = frame(
  `<rect x="230" y="470" width="340" height="30" rx="6" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="262" y="448" width="276" height="24" rx="4" fill="${ST}" ${ln}/>` +
    `<path d="M538 460H582" stroke="${OUT}" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M538 460H582" stroke="${OR}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M410 292H566V450H400Q396 380 410 292Z" fill="${OUT}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="500" y="262" width="110" height="34" rx="4" fill="${ST}" ${ln}/>` +
    `<path d="M410 196H474V300H410Z" fill="${OUT}" stroke="${DARK}" stroke-width="3"/>` +
    `<path d="M246 196H330V300H440V354H246Z" fill="${OUT}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="262" y="312" width="170" height="12" rx="4" fill="${S4}"/>` +
    `<rect x="326" y="190" width="16" height="80" fill="${S2}" ${ln}/>` +
    `<rect x="396" y="190" width="16" height="80" fill="${S2}" ${ln}/>` +
    `<path d="M328 200h12M328 212h12M328 224h12M328 236h12M328 248h12M328 260h12M398 200h12M398 212h12M398 224h12M398 236h12M398 248h12M398 260h12" stroke="${S4}" stroke-width="2"/>` +
    `<rect x="150" y="317" width="100" height="18" fill="${ST}" ${ln}/>` +
    `<circle cx="236" cy="326" r="22" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="142" y="222" width="16" height="210" rx="6" fill="${ST}" ${ln}/>` +
    `<circle cx="150" cy="218" r="16" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<circle cx="150" cy="436" r="16" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<circle cx="150" cy="326" r="13" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>`,
  [400, 505, 280, 24],
)

function cuttingDisc(cx: number, cy: number, r: number): string {
  const hole = 0.13 * r
  return (
    ring(cx, cy, r, hole, `fill="${SLATE}" stroke="${DARK}" stroke-width="3"`) +
    `<circle cx="${cx}" cy="${cy}" r="${n(0.92 * r)}" fill="none" stroke="${OUT}" stroke-width="2"/>` +
    ring(cx, cy, 0.56 * r, hole, `fill="${OR}"`) +
    `<circle cx="${cx}" cy="${cy}" r="${n(0.47 * r)}" fill="none" stroke="${DARK}" ` +
    `stroke-width="${n(0.07 * r)}" stroke-dasharray="${n(0.5 * r)} ${n(0.24 * r)}"/>` +
    ring(cx, cy, 0.36 * r, hole, `fill="${S1}"`) +
    ring(cx, cy, 0.24 * r, hole, `fill="${ST}" stroke="${OUT}" stroke-width="2"`)
  )
}

const grinderDiscSvg = frame(
  cuttingDisc(570, 225, 150) + cuttingDisc(455, 275, 155) + cuttingDisc(315, 330, 165),
  [420, 520, 300, 26],
)

/** Sockets seen from above: steel rims, then the dark hexagon openings. */
function sockets(list: [number, number, number][]): string {
  return (
    `<g fill="${ST}" stroke="${S4}" stroke-width="2.5">` +
    list.map(([cx, cy, r]) => `<circle cx="${n(cx)}" cy="${cy}" r="${n(r)}"/>`).join('') +
    `</g><path fill="#0f172a" d="${list.map(([cx, cy, r]) => hex(cx, cy, 0.52 * r)).join('')}"/>`
  )
}

function socketRow(): [number, number, number][] {
  const out: [number, number, number][] = []
  let x = 150
  for (let i = 0; i < 8; i++) {
    const r = 18 + i * 2.6
    out.push([x + r, 226, r])
    x += 2 * r + 10
  }
  return [...out, ...range(0, 8, 1).map((i): [number, number, number] => [168 + i * 40, 432, 15])]
}

const socketSetSvg = frame(
  `<rect x="100" y="118" width="600" height="384" rx="28" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<rect x="124" y="142" width="552" height="336" rx="16" fill="${DARK}"/>` +
    sockets(socketRow()) +
    `<rect x="260" y="338" width="270" height="24" rx="12" fill="${ST}" ${ln}/>` +
    `<rect x="500" y="330" width="150" height="40" rx="20" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<path d="M530 338V362M546 338V362M562 338V362M578 338V362M594 338V362M610 338V362" stroke="${OR2}" stroke-width="4"/>` +
    `<circle cx="226" cy="350" r="44" fill="${ST}" ${ln}/>` +
    `<circle cx="226" cy="350" r="30" fill="none" stroke="${S3}" stroke-width="2"/>` +
    `<rect x="214" y="338" width="24" height="24" fill="${SLATE}"/>` +
    `<rect x="248" y="316" width="18" height="26" rx="6" fill="${SLATE}" transform="rotate(30 257 329)"/>` +
    `<rect x="522" y="424" width="134" height="16" rx="4" fill="${ST}" ${ln}/>` +
    `<rect x="516" y="418" width="28" height="28" rx="4" fill="${S2}" ${ln}/>`,
  [400, 520, 320, 24],
)

const zigzag = (x0: number, x1: number, step: number, y0: number, y1: number): string =>
  range(x0, x1 - step, step)
    .map((x) => `L${x} ${y0}L${x + step / 2} ${y1}`)
    .join('')

const pipeWrenchSvg = frame(
  '<g transform="translate(10 -10) rotate(32 400 320)">' +
    `<path d="M372 250H428L436 540Q436 568 400 568Q364 568 364 540Z" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<rect x="387" y="272" width="26" height="250" rx="10" fill="${OR2}"/>` +
    `<rect x="384" y="52" width="32" height="150" fill="${ST}" ${ln}/>` +
    `<path d="M416 44V112${range(0, 7, 1)
      .map((i) => `L${380 - i * 11} 104L${375 - i * 11} 114`)
      .join('')}L292 102Q286 82 294 64Q302 48 322 46Z" fill="${ST}" ${ln}/>` +
    `<path d="M440 196V266H378L314 246L300 226${range(0, 7, 1)
      .map((i) => `L${306 + i * 11} 204L${311 + i * 11} 214`)
      .join('')}L384 202Z" fill="${ST}" ${ln}/>` +
    `<rect x="360" y="146" width="80" height="48" rx="10" fill="${ST}" ${ln}/>` +
    `<path d="${range(370, 430, 8)
      .map((x) => `M${x} 150V190`)
      .join('')}" stroke="${S4}" stroke-width="3"/>` +
    '</g>',
  [420, 520, 260, 26],
)

function springClamp(): string {
  return (
    `<path d="M170 0L330 -56M170 0L330 56" stroke="${S4}" stroke-width="5" stroke-linecap="round"/>` +
    bar('M2 -14Q70 -64 170 -6', 20, SLATE, DARK) +
    bar('M2 14Q70 64 170 6', 20, SLATE, DARK) +
    bar('M170 -6Q290 -34 400 -96', 30, OR, OR4) +
    bar('M170 6Q290 34 400 96', 30, OR, OR4) +
    `<rect x="-22" y="-34" width="22" height="30" rx="6" fill="${S4}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="-22" y="4" width="22" height="30" rx="6" fill="${S4}" stroke="${DARK}" stroke-width="3"/>` +
    `<circle cx="170" cy="0" r="28" fill="${S2}" ${ln}/>` +
    `<circle cx="170" cy="0" r="17" fill="none" stroke="${S4}" stroke-width="5"/>` +
    `<circle cx="170" cy="0" r="6" fill="${DARK}"/>`
  )
}

const springClampSvg = frame(
  `<g transform="translate(680 190) scale(-.78 .78)">${springClamp()}</g>` +
    `<g transform="translate(120 380)">${springClamp()}</g>`,
  [400, 510, 290, 26],
)

const torqueWrenchSvg = frame(
  '<g transform="rotate(-14 420 300)">' +
    `<path d="M196 280L236 287V313L196 320Z" fill="${ST}" ${ln}/>` +
    `<rect x="226" y="286" width="350" height="28" rx="6" fill="${ST}" ${ln}/>` +
    `<rect x="420" y="291" width="112" height="18" rx="3" fill="${S1}" stroke="${OUT}" stroke-width="1.5"/>` +
    `<path d="${range(0, 12, 1)
      .map((i) => `M${428 + i * 8} 291v${i % 4 === 0 ? 12 : 7}`)
      .join('')}" stroke="${DARK}" stroke-width="1.6"/>` +
    `<circle cx="160" cy="300" r="46" fill="${ST}" ${ln}/>` +
    `<circle cx="160" cy="300" r="31" fill="${S2}" stroke="${OUT}" stroke-width="2"/>` +
    `<rect x="148" y="288" width="24" height="24" fill="${SLATE}"/>` +
    `<rect x="152" y="240" width="16" height="22" rx="5" fill="${SLATE}"/>` +
    `<rect x="560" y="278" width="24" height="44" rx="4" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="582" y="274" width="148" height="52" rx="22" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<path d="${range(604, 706, 12)
      .map((x) => `M${x} 284V316`)
      .join('')}" stroke="${OR2}" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="724" y="282" width="20" height="36" rx="7" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    '</g>',
  [430, 470, 320, 24],
)

const tinSnipsSvg = frame(
  '<g transform="translate(-20 0)">' +
    bar('M320 292Q470 262 640 214', 20, S3) +
    bar('M320 308Q470 338 640 386', 20, S3) +
    `<path d="M420 282L432 296L408 304L432 312L412 320" fill="none" stroke="${S4}" stroke-width="4" stroke-linejoin="round"/>` +
    bar('M440 272Q530 246 640 214', 34, OR, OR4) +
    bar('M440 328Q530 354 640 386', 34, OR, OR4) +
    `<path d="M150 297L306 300L322 262Q236 250 150 297Z" fill="${ST}" ${ln} transform="rotate(6 300 300)"/>` +
    `<path d="M150 303L306 300L322 338Q236 350 150 303Z" fill="${ST}" ${ln} transform="rotate(-6 300 300)"/>` +
    `<rect x="318" y="272" width="64" height="56" rx="12" fill="${S4}" stroke="${SLATE}" stroke-width="3"/>` +
    `<circle cx="352" cy="286" r="5" fill="${S2}"/><circle cx="352" cy="314" r="5" fill="${S2}"/>` +
    `<circle cx="300" cy="300" r="16" fill="${SLATE}" stroke="${DARK}" stroke-width="3"/>` +
    `<circle cx="300" cy="300" r="6" fill="${S2}"/>` +
    `<path d="M655 210l14 -4l4 14l-14 4Z" fill="${SLATE}"/>` +
    '</g>',
  [390, 470, 300, 26],
)

function flatFile(length: number, width: number): string {
  const h = width / 2
  const tip = -160 - length
  return (
    `<rect x="-176" y="-6" width="30" height="12" fill="${S4}"/>` +
    `<path d="M-160 ${-h}L${tip} ${n(-h + 5)}Q${tip - 8} 0 ${tip} ${n(h - 5)}L-160 ${h}Z" ` +
    `fill="url(#cut)" ${ln}/>` +
    `<rect x="-132" y="-21" width="136" height="42" rx="21" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<path d="M-96 -12V12M-80 -12V12M-64 -12V12M-48 -12V12" stroke="${OR2}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="-150" y="-17" width="24" height="34" rx="4" fill="${ST}" ${ln}/>`
  )
}

const fileSetSvg = frame(
  `<g transform="translate(600 250) rotate(-4)">${flatFile(330, 30)}</g>` +
    `<g transform="translate(650 345) rotate(-4)">${flatFile(380, 36)}</g>` +
    `<g transform="translate(700 440) rotate(-4)">${flatFile(430, 42)}</g>`,
  [420, 505, 320, 24],
  '<pattern id="cut" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(28)">' +
    '<rect width="7" height="7" fill="#cbd5e1"/><path d="M0 0V7" stroke="#94a3b8" stroke-width="2.5"/>' +
    '</pattern>',
)

function buttHinge(): string {
  const holes = [-150, 150]
    .flatMap((dx) => [-82, 0, 82].map((dy) => [dx > 0 ? 92 : -92, dy] as const))
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="14" fill="${S3}" stroke="${OUT}" stroke-width="2"/>` +
        `<circle cx="${x}" cy="${y}" r="7" fill="${SLATE}"/>`,
    )
    .join('')
  return (
    `<rect x="-172" y="-130" width="162" height="260" rx="10" fill="${ST}" ${ln}/>` +
    `<rect x="10" y="-130" width="162" height="260" rx="10" fill="${ST}" ${ln}/>` +
    holes +
    `<rect x="-16" y="-150" width="32" height="300" rx="8" fill="${S3}" ${ln}/>` +
    `<rect x="-22" y="-138" width="44" height="276" rx="9" fill="${SX}" ${ln}/>` +
    `<path d="M-22 -83H22M-22 -28H22M-22 28H22M-22 83H22" stroke="${OUT}" stroke-width="2.5"/>`
  )
}

const hingePackSvg = frame(
  `<g transform="translate(480 250) rotate(10) scale(.86)">${buttHinge()}</g>` +
    `<g transform="translate(330 320)">${buttHinge()}</g>`,
  [400, 510, 290, 26],
)

const hacksawSvg = frame(
  '<g transform="translate(-6 0)">' +
    `<rect x="146" y="360" width="474" height="22" fill="${S2}" stroke="${OUT}" stroke-width="2"/>` +
    `<path d="M152 381${zigzag(152, 612, 8, 381, 390)}L612 381Z" fill="${S3}" stroke="${OUT}" stroke-width="1.5" stroke-linejoin="round"/>` +
    bar('M160 372V198Q160 176 182 176H586Q608 176 608 198V300', 20, S4, SLATE) +
    `<path d="M160 372V198Q160 176 182 176H586Q608 176 608 198V300" fill="none" stroke="${S3}" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="148" y="358" width="24" height="26" rx="4" fill="${S4}" stroke="${SLATE}" stroke-width="3"/>` +
    `<path d="M146 371L122 350Q112 371 122 392Z" fill="${SLATE}" stroke="${DARK}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M584 284H652Q676 284 680 308L706 458Q710 486 682 486H646Q624 486 620 462L606 384Q600 350 584 330Z" fill="${OR}" stroke="${OR4}" stroke-width="3"/>` +
    `<path d="M630 400L660 396M634 424L664 420M638 448L668 444" stroke="${OR2}" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="590" y="358" width="26" height="26" rx="4" fill="${S4}" stroke="${SLATE}" stroke-width="3"/>` +
    '</g>',
  [420, 505, 300, 24],
)

function weldingGlove(hand: string, cuff: string, band: string): string {
  const fingers = [
    [250, 112],
    [292, 84],
    [334, 92],
    [376, 124],
  ]
    .map(
      ([x, top = 0]) =>
        `<rect x="${x}" y="${top}" width="40" height="${240 - top}" rx="20" fill="${hand}" ` +
        `stroke="${OR4}" stroke-width="3"/>`,
    )
    .join('')
  return (
    fingers +
    bar('M258 318L206 236', 44, hand, OR4) +
    `<rect x="244" y="196" width="176" height="190" rx="36" fill="${hand}" stroke="${OR4}" stroke-width="3"/>` +
    `<rect x="258" y="210" width="148" height="160" rx="26" fill="none" stroke="${OR4}" stroke-width="2" stroke-dasharray="7 6"/>` +
    `<path d="M236 372H428L462 548Q463 558 453 558H211Q201 558 202 548Z" fill="${cuff}" ${ln}/>` +
    `<rect x="230" y="360" width="204" height="28" rx="10" fill="${band}" ${ln}/>` +
    `<path d="M244 410H420M226 500H438" stroke="${OUT}" stroke-width="2" stroke-dasharray="7 6"/>`
  )
}

const weldingGlovesSvg = frame(
  `<g transform="translate(870 -44) scale(-1 1) rotate(-10 330 330)">${weldingGlove(OR2, S4, SLATE)}</g>` +
    `<g transform="translate(-80 -16) rotate(-10 330 330)">${weldingGlove(OR, S3, S4)}</g>`,
  [400, 550, 280, 24],
)

/** Nine L-shaped hex keys fanned out, smallest in front. */
const hexKeySvg = frame(
  range(0, 8, 1)
    .map((i) => {
      const x = 170 + i * 52
      const long = 200 + i * 22
      const w = 8 + i * 2.2
      return bar(
        `M${x} ${470 - long}L${x} 470L${n(x + 60 + i * 6)} 470`,
        n(w),
        i % 2 ? S2 : S3,
        DARK,
      )
    })
    .join(''),
  [420, 500, 300, 26],
)

/** Socket cap screws: round heads with hex sockets, threaded shanks. */
function capScrew(): string {
  const threads = range(0, 9, 1)
    .map((i) => `<path d="M${78 + i * 22} 22L${90 + i * 22} 58" stroke="${S4}" stroke-width="3"/>`)
    .join('')
  return (
    `<rect x="70" y="20" width="230" height="40" rx="6" fill="${SX}" ${ln}/>${threads}` +
    `<rect x="0" y="0" width="80" height="80" rx="14" fill="${ST}" ${ln}/>` +
    `<path d="${hex(40, 40, 18)}" fill="${DARK}"/>`
  )
}
const capScrewSvg = frame(
  `<g transform="translate(150 200) rotate(-12)">${capScrew()}</g>` +
    `<g transform="translate(330 330) rotate(8)">${capScrew()}</g>` +
    `<g transform="translate(200 420) rotate(-4)">${capScrew()}</g>`,
  [400, 540, 300, 26],
)

/** A twist drill lying across the picture: shank, fluted body, point. */
const drillBitSvg = frame(
  '<g transform="rotate(-14 400 300)">' +
    `<rect x="120" y="276" width="230" height="48" rx="6" fill="${SX}" ${ln}/>` +
    `<path d="M346 276H610L680 300L610 324H346Z" fill="${ST}" ${ln}/>` +
    `<path d="${range(0, 9, 1)
      .map((i) => `M${360 + i * 28} 324L${388 + i * 28} 276`)
      .join('')}" stroke="${S4}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M610 276L680 300L610 324" fill="none" stroke="${DARK}" stroke-width="3"/>` +
    `<rect x="150" y="286" width="80" height="28" rx="4" fill="${OR}" stroke="${OR4}" stroke-width="2"/>` +
    '</g>',
  [400, 470, 300, 24],
)

const PICTURES: Record<PictureName, string> = {
  wrenchSet: wrenchSetSvg,
  hammer: hammerSvg,
  drillChuck: drillChuckSvg,
  drillBit: drillBitSvg,
  caliper: caliperSvg,
  hexBolt: hexBoltSvg,
  benchVise: benchViseSvg,
  grinderDisc: grinderDiscSvg,
  socketSet: socketSetSvg,
  pipeWrench: pipeWrenchSvg,
  springClamp: springClampSvg,
  torqueWrench: torqueWrenchSvg,
  tinSnips: tinSnipsSvg,
  fileSet: fileSetSvg,
  hingePack: hingePackSvg,
  hacksaw: hacksawSvg,
  weldingGloves: weldingGlovesSvg,
  hexKey: hexKeySvg,
  capScrew: capScrewSvg,
}

/** The first demo tools, each with its own picture; their ids and names never change. */
const firstTools: SeedTool[] = [
  {
    name: 'Combination Wrench Set, 8–19 mm (8 pcs)',
    priceCents: 2499,
    quantity: 640,
    minimum: 1,
    description:
      'Chrome-vanadium steel wrenches with 15° offset open ends and 12-point ring ends in 8, 10, 11, 12, 13, 14, 17 and 19 mm. Satin finish, supplied in a roll-up canvas pouch.',
    svg: wrenchSetSvg,
    partNumber: 'TW-WR-CS819',
    category: 'wrenches',
    specs: {
      material: 'Chrome vanadium',
      weight: 1150,
      standard: 'DIN 3113',
      wrench_type: 'Combination',
      length: 250,
      pieces: 8,
      fits: 'M5 M6 M8 M10 M12 hex heads',
    },
  },
  {
    name: 'Ball-Peen Hammer, 16 oz',
    priceCents: 1299,
    quantity: 900,
    minimum: 1,
    description:
      'Drop-forged, heat-treated carbon steel head with a flat striking face and a rounded peen for riveting and shaping metal. Fibreglass handle with anti-slip grip, 330 mm overall.',
    svg: hammerSvg,
    partNumber: 'TW-HM-BP16',
    category: 'hammers',
    specs: {
      material: 'Carbon steel',
      weight: 640,
      standard: 'DIN 1041',
      head_weight: 450,
      length: 330,
      handle: 'Fibreglass',
    },
  },
  {
    name: 'Keyless Drill Chuck, 13 mm (1/2"-20 UNF)',
    priceCents: 1849,
    quantity: 420,
    minimum: 5,
    description:
      'Single-sleeve keyless chuck for 1.5–13 mm shanks with hardened steel jaws and a ratchet lock. Fits most 18 V and 20 V cordless drills with a 1/2"-20 UNF spindle.',
    svg: drillChuckSvg,
    partNumber: 'TW-PT-KC13',
    category: 'power-tool-parts',
    specs: {
      capacity: 13,
      thread: '1/2"-20 UNF',
      fits_tool: 'Drill',
      weight: 380,
      material: 'Carbon steel',
    },
  },
  {
    name: 'Precision Vernier Caliper, 0–150 mm',
    priceCents: 3450,
    quantity: 260,
    minimum: 1,
    description:
      'Hardened stainless steel caliper with 0.02 mm resolution, outside, inside and depth measurement and a thumb roller for fine setting. Supplied with a calibration certificate.',
    svg: caliperSvg,
    partNumber: 'TW-MS-VC150',
    category: 'measuring',
    specs: {
      range: 150,
      resolution: 0.02,
      material: 'Stainless steel',
      accuracy: 0.03,
      reading: 'Vernier',
    },
    documents: [DEMO_DOCS.caliperDatasheet, DEMO_DOCS.caliperCertificate],
  },
  {
    name: 'Hex Bolt Pack M10 × 40 mm (50 pcs)',
    priceCents: 1375,
    quantity: 4800,
    minimum: 20,
    packSize: 10,
    priceBreaks: [
      { minQuantity: 100, priceCents: 1275 },
      { minQuantity: 500, priceCents: 1150 },
    ],
    description:
      'Grade 8.8 zinc-plated steel hex bolts with 1.5 mm coarse thread, packed with matching nuts and flat washers. For machinery, steel frames and structural fixing.',
    svg: hexBoltSvg,
    partNumber: 'TW-FB-M1040',
    category: 'screws-bolts',
    specs: {
      material: 'Zinc-plated steel',
      pack: 50,
      standard: 'ISO 4017',
      thread: 'M10',
      length: 40,
      head: 'Hex',
      grade: '8.8',
    },
  },
  {
    name: 'Bench Vise, 125 mm with Swivel Base',
    priceCents: 8999,
    quantity: 120,
    minimum: 1,
    madeToOrder: true,
    leadTimeDays: 10,
    description:
      'Ductile-iron body with 125 mm replaceable serrated steel jaws, 150 mm maximum opening and a locking 360° swivel base. Built-in anvil for light shaping work.',
    svg: benchViseSvg,
    partNumber: 'TW-WH-BV125',
    category: 'vises',
    specs: {
      material: 'Cast iron',
      weight_kg: 12.5,
      jaw_width: 125,
      base: 'Swivel',
      opening: 150,
      vise_type: 'Bench',
    },
    documents: [DEMO_DOCS.viseManual],
  },
  {
    name: 'Angle Grinder Cutting Discs, 115 mm (25 pcs)',
    priceCents: 1649,
    quantity: 3200,
    minimum: 10,
    packSize: 10,
    priceBreaks: [
      { minQuantity: 50, priceCents: 1549 },
      { minQuantity: 200, priceCents: 1449 },
    ],
    description:
      'Fibreglass-reinforced 115 × 1.0 × 22.23 mm thin cutting discs for steel and stainless steel, rated to 13,300 rpm. Fast, clean cuts with little burr.',
    svg: grinderDiscSvg,
    partNumber: 'TW-AB-CD115',
    category: 'abrasives',
    specs: {
      diameter: 115,
      thickness: 1,
      for_material: 'Stainless steel',
      pack: 25,
      bore: 22.23,
    },
  },
  {
    name: 'Socket Set, 1/2" Drive (24 pcs)',
    priceCents: 6495,
    quantity: 310,
    minimum: 1,
    description:
      'Chrome-vanadium 6-point sockets from 10 to 32 mm with a 72-tooth quick-release ratchet, extension bars and a universal joint, all in a moulded carry case.',
    svg: socketSetSvg,
    partNumber: 'TW-SK-1224',
    category: 'sockets',
    specs: {
      material: 'Chrome vanadium',
      weight: 5200,
      standard: 'DIN 3124',
      drive: '1/2"',
      size_min: 10,
      size_max: 32,
      pieces: 24,
      fits: 'M8 M10 M12 M14 M16 M20 hex heads',
    },
  },
  {
    name: 'Heavy-Duty Pipe Wrench, 14"',
    priceCents: 2899,
    quantity: 540,
    minimum: 2,
    description:
      'Drop-forged hook and heel jaws with hardened teeth that grip pipe up to 50 mm (2"). Powder-coated I-beam handle for plumbing, pipeline and plant maintenance.',
    svg: pipeWrenchSvg,
    partNumber: 'TW-WR-PW14',
    category: 'wrenches',
    specs: {
      material: 'Cast iron',
      weight: 1450,
      standard: 'DIN 5234',
      wrench_type: 'Pipe',
      size: 50,
      length: 350,
      pieces: 1,
    },
  },
  {
    name: 'Spring Clamp Pack, 50/75/100 mm (6 pcs)',
    priceCents: 1199,
    quantity: 1500,
    minimum: 5,
    description:
      'Two each of 50, 75 and 100 mm nylon spring clamps with steel springs and swivel pads that do not mark the work. For gluing, welding set-ups and holding templates.',
    svg: springClampSvg,
    partNumber: 'TW-WH-SC6',
    category: 'clamps',
    specs: {
      material: 'Carbon steel',
      weight_kg: 0.6,
      opening: 100,
      pieces: 6,
      throat: 55,
      clamp_type: 'Spring',
    },
  },
  {
    name: 'Click Torque Wrench, 1/2" Drive, 40–210 N·m',
    priceCents: 7850,
    quantity: 180,
    minimum: 1,
    description:
      'Click-type torque wrench accurate to ±4%, with a dual N·m and ft·lb scale, reversible 24-tooth ratchet head and locking handle. For wheel nuts, engines and machine assembly.',
    svg: torqueWrenchSvg,
    partNumber: 'TW-WR-TQ210',
    category: 'wrenches',
    specs: {
      material: 'Chrome vanadium',
      weight: 1650,
      standard: 'ISO 6789',
      wrench_type: 'Torque',
      length: 470,
      pieces: 1,
    },
    documents: [DEMO_DOCS.torqueCertificate, DEMO_DOCS.torqueManual],
  },
  {
    name: 'Aviation Tin Snips, Straight Cut, 250 mm',
    priceCents: 1525,
    quantity: 700,
    minimum: 3,
    description:
      'Compound-leverage snips with hardened chrome-molybdenum blades that cut up to 1.2 mm mild steel or 0.8 mm stainless sheet. Spring-loaded, with a one-hand latch.',
    svg: tinSnipsSvg,
    partNumber: 'TW-CT-AS250',
    category: 'saws-snips',
    specs: {
      material: 'Chrome vanadium',
      finish: 'Powder-coated',
      length: 250,
      cut: 'Straight',
      capacity: 1.2,
    },
  },
  {
    name: 'Flat File Set, 200–250 mm (3 pcs)',
    priceCents: 1899,
    quantity: 850,
    minimum: 2,
    description:
      'Bastard, second and smooth cut flat files of hardened high-carbon steel with comfortable handles. For deburring, shaping and finishing metal parts.',
    svg: fileSetSvg,
    partNumber: 'TW-HT-FF3',
    category: 'files',
    specs: {
      material: 'Carbon steel',
      weight: 620,
      standard: 'DIN 7261',
      pieces: 3,
      cut: 'Bastard',
      length: 250,
      profile: 'Flat',
    },
  },
  {
    name: 'Steel Butt Hinge Pack, 100 mm (10 pairs)',
    priceCents: 2150,
    quantity: 2600,
    minimum: 25,
    description:
      'Cold-rolled steel butt hinges, 100 × 75 × 2.5 mm, with fixed pins, countersunk holes and a zinc finish. For doors, gates, cabinets and machine guards; screws included.',
    svg: hingePackSvg,
    partNumber: 'TW-FH-BH100',
    category: 'hinges',
    specs: {
      material: 'Zinc-plated steel',
      pack: 20,
      standard: 'EN 1935',
      length: 100,
      width: 75,
      thickness: 2.5,
    },
    documents: [DEMO_DOCS.hingeDxf],
  },
  {
    name: 'Hacksaw with 300 mm Bi-Metal Blade',
    priceCents: 1399,
    quantity: 1100,
    minimum: 2,
    description:
      'Rigid tubular steel frame with blade tensioning, a cushioned pistol grip and a 24 TPI bi-metal blade for steel, pipe and conduit. Takes 250 and 300 mm blades.',
    svg: hacksawSvg,
    partNumber: 'TW-CT-HS300',
    category: 'saws-snips',
    specs: {
      material: 'Carbon steel',
      finish: 'Powder-coated',
      length: 300,
      cut: 'Bi-metal blade',
      tpi: 24,
    },
  },
  {
    name: 'Welding Gloves, Leather Gauntlet (Pair)',
    priceCents: 999,
    quantity: 5000,
    minimum: 10,
    description:
      'Heat-resistant split-cowhide gauntlet gloves, 35 cm long, with Kevlar stitching and a cotton lining. For MIG, stick and gas welding; one size fits most.',
    svg: weldingGlovesSvg,
    partNumber: 'TW-SF-WG01',
    category: 'safety',
    specs: {
      material: 'Leather',
      size: 'XL',
      standard: 'EN 12477',
      colour: 'Orange',
      pack: 1,
    },
  },
  {
    name: 'Hex Key Set, 1.5–10 mm (9 pcs)',
    priceCents: 1150,
    quantity: 900,
    minimum: 1,
    description:
      'Long-arm chrome-vanadium hex keys (Allen keys) in 1.5, 2, 2.5, 3, 4, 5, 6, 8 and 10 mm, with ball ends for angled work, held in a numbered plastic rack.',
    svg: hexKeySvg,
    partNumber: 'TW-HK-915',
    notInDemoHistory: true,
    category: 'hex-keys',
    specs: {
      material: 'Chrome vanadium',
      weight: 210,
      standard: 'ISO 2936',
      size_min: 1.5,
      size_max: 10,
      pieces: 9,
      fits: 'M2 M3 M4 M5 M6 M8 M10 M12 socket caps',
    },
  },
  {
    name: 'Socket Cap Screw M8 × 30 mm, Stainless A2 (100 pcs)',
    priceCents: 1890,
    quantity: 1200,
    minimum: 1,
    description:
      'ISO 4762 socket head cap screws in A2 stainless steel with a 6 mm hex socket and 1.25 mm coarse thread. For machine building, fixtures and damp places.',
    svg: capScrewSvg,
    partNumber: 'TW-FS-M830A2',
    notInDemoHistory: true,
    category: 'screws-bolts',
    specs: {
      material: 'Stainless A2',
      pack: 100,
      standard: 'ISO 4762',
      thread: 'M8',
      length: 30,
      head: 'Socket cap',
      grade: 'A2-70',
    },
    documents: [DEMO_DOCS.capScrewDatasheet, DEMO_DOCS.capScrewM830Step],
  },
]

/**
 * The demo catalogue: the first tools, newest, then the range (range.ts), none of
 * which is in the demo order history.
 */
export const seedTools: SeedTool[] = [
  ...firstTools,
  ...rangeTools.map(({ picture, ...tool }): SeedTool => ({
    ...tool,
    svg: PICTURES[picture],
    notInDemoHistory: true,
  })),
]
