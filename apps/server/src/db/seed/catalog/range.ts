import type { ToolDocument } from '@toolworks/shared'

/**
 * The demo catalogue's range beyond its first tools: tables of real sizes (DIN and
 * ISO dimensions, rounded) turned into tools by small generators. Deterministic: stock levels
 * come from a hash of the part number, never from Math.random.
 */

/** The pictures a range tool may share with the hand-drawn first tools (one per family). */
export type PictureName =
  | 'wrenchSet'
  | 'hammer'
  | 'drillChuck'
  | 'drillBit'
  | 'caliper'
  | 'hexBolt'
  | 'benchVise'
  | 'grinderDisc'
  | 'socketSet'
  | 'pipeWrench'
  | 'springClamp'
  | 'torqueWrench'
  | 'tinSnips'
  | 'fileSet'
  | 'hingePack'
  | 'hacksaw'
  | 'weldingGloves'
  | 'hexKey'
  | 'capScrew'

export type RangeTool = {
  name: string
  priceCents: number
  quantity: number
  minimum: number
  description: string
  picture: PictureName
  priceBreaks?: { minQuantity: number; priceCents: number }[]
  packSize?: number
  madeToOrder?: boolean
  leadTimeDays?: number
  partNumber: string
  category: string
  specs: Record<string, number | string>
  documents?: ToolDocument[]
}

/** The demo documents, static files of the web app (apps/web/public/docs, scripts/demo-documents.mjs). */
export const DEMO_DOCS = {
  din338Hss: {
    kind: 'datasheet',
    name: 'HSS twist drills DIN 338, datasheet (PDF)',
    url: '/docs/tw-din338-hss-datasheet.pdf',
  },
  din338HssCo: {
    kind: 'datasheet',
    name: 'HSS-Co twist drills DIN 338, datasheet (PDF)',
    url: '/docs/tw-din338-hssco-datasheet.pdf',
  },
  caliperCertificate: {
    kind: 'certificate',
    name: 'Calibration certificate (PDF)',
    url: '/docs/tw-caliper-calibration-certificate.pdf',
  },
  caliperDatasheet: {
    kind: 'datasheet',
    name: 'Calipers, datasheet (PDF)',
    url: '/docs/tw-calipers-datasheet.pdf',
  },
  capScrewDatasheet: {
    kind: 'datasheet',
    name: 'Socket cap screws ISO 4762, datasheet (PDF)',
    url: '/docs/tw-iso4762-datasheet.pdf',
  },
  capScrewM830Step: {
    kind: 'cad',
    name: 'M8 × 30 socket cap screw (STEP)',
    url: '/docs/tw-fs-m830a2.step',
  },
  viseManual: {
    kind: 'manual',
    name: 'Bench vise, manual (PDF)',
    url: '/docs/tw-bench-vise-manual.pdf',
  },
  torqueCertificate: {
    kind: 'certificate',
    name: 'ISO 6789 calibration certificate (PDF)',
    url: '/docs/tw-torque-wrench-certificate.pdf',
  },
  torqueManual: {
    kind: 'manual',
    name: 'Click torque wrench, manual (PDF)',
    url: '/docs/tw-torque-wrench-manual.pdf',
  },
  hingeDxf: { kind: 'cad', name: '100 mm butt hinge, drawing (DXF)', url: '/docs/tw-fh-bh100.dxf' },
} as const satisfies Record<string, ToolDocument>

/** A small deterministic hash (FNV-1a) of a part number, for stock levels. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** A stock level between `base` and about twice `base`, rounded to tens, from the part number. */
const stock = (partNumber: string, base: number): number =>
  Math.round((base + (hash(partNumber) % base)) / 10) * 10 || 10

/** Prices end in 9 or 5 like a price list: `cents` rounded to the nearest 5, minus one when ≥ 10. */
function price(cents: number): number {
  const rounded = Math.max(5, Math.round(cents / 5) * 5)
  return rounded >= 1000 && rounded % 10 === 0 ? rounded - 1 : rounded
}

/** "8.5" → "085", "13" → "130": a size in part numbers. */
const code = (mm: number): string => String(Math.round(mm * 10)).padStart(3, '0')
const mm = (v: number): string => String(v)

// ----- Cutting tools -----------------------------------------------------------------------

/** DIN 338 jobber drills: diameter, overall length, flute length (mm). */
const DIN_338: [number, number, number][] = [
  [1, 34, 12],
  [1.5, 40, 18],
  [2, 49, 24],
  [2.5, 57, 30],
  [3, 61, 33],
  [3.3, 65, 36],
  [3.5, 70, 39],
  [4, 75, 43],
  [4.2, 75, 43],
  [4.5, 80, 47],
  [5, 86, 52],
  [5.5, 93, 57],
  [6, 93, 57],
  [6.5, 101, 63],
  [6.8, 109, 69],
  [7, 109, 69],
  [8, 117, 75],
  [8.5, 117, 75],
  [9, 125, 81],
  [10, 133, 87],
  [10.2, 133, 87],
  [11, 142, 94],
  [12, 151, 101],
  [13, 151, 101],
]
/** Reduced-shank (13 mm) drills for chucks that stop at 13 mm. */
const REDUCED: [number, number, number][] = [
  [14, 160, 108],
  [16, 178, 120],
  [18, 191, 130],
  [20, 205, 140],
]

function drillBits(): RangeTool[] {
  const out: RangeTool[] = []
  for (const cobalt of [false, true]) {
    for (const [d, length, flute] of DIN_338) {
      const pieces = d <= 6.5 ? 10 : d <= 10.2 ? 5 : 2
      const pn = `TW-DB-338${cobalt ? 'C' : ''}-${code(d)}`
      out.push({
        name: `${cobalt ? 'HSS-Co' : 'HSS'} Twist Drill ${mm(d)} mm, DIN 338 (${pieces} pcs)`,
        priceCents: price(pieces * (cobalt ? 2.2 : 1) * (45 + d * d * 4.2)),
        quantity: stock(pn, d < 3 ? 400 : 250),
        minimum: 1,
        description: cobalt
          ? `Ground 5% cobalt HSS-Co jobber drills with a 135° split point that starts without a centre punch. For stainless steel, cast iron and hard alloys; ${length} mm long.`
          : `Ground HSS jobber drills with a 118° point, black-oxide finish and right-hand helix. For steel, cast iron, copper and plastics; ${length} mm long.`,
        picture: 'drillBit',
        partNumber: pn,
        category: 'drill-bits',
        specs: {
          material: cobalt ? 'HSS-Co' : 'HSS',
          finish: cobalt ? 'Bright' : 'Black oxide',
          standard: 'DIN 338',
          diameter: d,
          length,
          flute_length: flute,
          point_angle: cobalt ? 135 : 118,
          shank: 'Straight',
          pieces,
        },
        documents: [cobalt ? DEMO_DOCS.din338HssCo : DEMO_DOCS.din338Hss],
      })
    }
  }
  for (const [d, length, flute] of REDUCED) {
    const pn = `TW-DB-RS-${code(d)}`
    out.push({
      name: `HSS Reduced-Shank Drill ${mm(d)} mm`,
      priceCents: price(380 + d * d * 5),
      quantity: stock(pn, 60),
      minimum: 1,
      description: `Ground HSS drill turned down to a 13 mm shank with three flats, so a 13 mm chuck drives it. 118° point, ${length} mm long.`,
      picture: 'drillBit',
      partNumber: pn,
      category: 'drill-bits',
      specs: {
        material: 'HSS',
        finish: 'Black oxide',
        diameter: d,
        length,
        flute_length: flute,
        point_angle: 118,
        shank: 'Reduced',
        pieces: 1,
      },
      documents: [DEMO_DOCS.din338Hss],
    })
  }
  return out
}

/** Metric coarse threads: pitch, tapping drill, nut height, hex across flats, washer OD and thickness (mm). */
const THREAD: Record<
  string,
  { pitch: number; af: number; nut: number; washerOd: number; washerT: number }
> = {
  M3: { pitch: 0.5, af: 5.5, nut: 2.4, washerOd: 7, washerT: 0.5 },
  M4: { pitch: 0.7, af: 7, nut: 3.2, washerOd: 9, washerT: 0.8 },
  M5: { pitch: 0.8, af: 8, nut: 4.7, washerOd: 10, washerT: 1 },
  M6: { pitch: 1, af: 10, nut: 5.2, washerOd: 12, washerT: 1.6 },
  M8: { pitch: 1.25, af: 13, nut: 6.8, washerOd: 16, washerT: 1.6 },
  M10: { pitch: 1.5, af: 16, nut: 8.4, washerOd: 20, washerT: 2 },
  M12: { pitch: 1.75, af: 18, nut: 10.8, washerOd: 24, washerT: 2.5 },
  M16: { pitch: 2, af: 24, nut: 14.8, washerOd: 30, washerT: 3 },
}
const threadOf = (t: string) =>
  THREAD[t] ?? { pitch: 1, af: 10, nut: 5, washerOd: 12, washerT: 1.6 }
const size = (t: string): number => Number(t.slice(1))

function tapsAndDies(): RangeTool[] {
  const out: RangeTool[] = []
  for (const t of ['M3', 'M4', 'M5', 'M6', 'M8', 'M10', 'M12']) {
    const { pitch } = threadOf(t)
    const s = size(t)
    out.push(
      {
        name: `Hand Tap Set ${t} × ${pitch}, Taper/Plug/Bottoming (3 pcs)`,
        priceCents: price(1100 + s * s * 18),
        quantity: stock(`TW-TP-HS${s}`, 80),
        minimum: 1,
        description: `Ground HSS hand taps to DIN 352: taper, plug and bottoming, for cutting ${t} threads by hand in steel and cast iron.`,
        picture: 'capScrew',
        partNumber: `TW-TP-HS${s}`,
        category: 'taps-dies',
        specs: {
          material: 'HSS',
          finish: 'Bright',
          standard: 'DIN 352',
          thread: t,
          pitch,
          tap_type: 'Set',
          pieces: 3,
        },
      },
      {
        name: `Spiral-Point Machine Tap ${t} × ${pitch}, HSS-Co TiN`,
        priceCents: price(900 + s * s * 14),
        quantity: stock(`TW-TP-SP${s}`, 60),
        minimum: 1,
        description: `HSS-Co machine tap to DIN 371/376 with a spiral point that pushes chips ahead of the tap, for through holes. TiN coated for longer life.`,
        picture: 'capScrew',
        partNumber: `TW-TP-SP${s}`,
        category: 'taps-dies',
        specs: {
          material: 'HSS-Co',
          finish: 'TiN',
          standard: 'DIN 371',
          thread: t,
          pitch,
          tap_type: 'Spiral point',
          pieces: 1,
        },
      },
      {
        name: `Round Die ${t} × ${pitch}, HSS`,
        priceCents: price(850 + s * s * 12),
        quantity: stock(`TW-TD-RD${s}`, 50),
        minimum: 1,
        description: `Split HSS round die to DIN EN 22568 for cutting and chasing ${t} external threads, for a standard die stock.`,
        picture: 'capScrew',
        partNumber: `TW-TD-RD${s}`,
        category: 'taps-dies',
        specs: {
          material: 'HSS',
          finish: 'Bright',
          standard: 'DIN EN 22568',
          thread: t,
          pitch,
          tap_type: 'Round die',
          pieces: 1,
        },
      },
    )
  }
  return out
}

function holeSaws(): RangeTool[] {
  return [16, 19, 22, 25, 32, 38, 44, 51, 57, 64, 76, 102].map((d) => ({
    name: `Bi-Metal Hole Saw ${d} mm`,
    priceCents: price(520 + d * 16),
    quantity: stock(`TW-HS-${d}`, 40),
    minimum: 1,
    description: `M42 bi-metal hole saw with 8% cobalt teeth and a 38 mm cutting depth, for steel sheet, stainless, wood and plastics. Fits the Toolworks quick-change arbors.`,
    picture: 'grinderDisc',
    partNumber: `TW-HS-${d}`,
    category: 'hole-saws',
    specs: {
      material: 'HSS-Co',
      finish: 'Powder-coated',
      diameter: d,
      depth: 38,
      tpi: d < 30 ? 6 : 4,
    },
  }))
}

function sawsAndSnips(): RangeTool[] {
  const snips = (['Left', 'Right'] as const).map((cut): RangeTool => ({
    name: `Aviation Tin Snips, ${cut} Cut, 250 mm`,
    priceCents: 1525,
    quantity: stock(`TW-CT-AS250${cut[0]}`, 300),
    minimum: 1,
    description: `Compound-leverage snips that cut curves to the ${cut.toLowerCase()}, with hardened chrome-molybdenum blades for 1.2 mm mild steel. Spring-loaded, one-hand latch.`,
    picture: 'tinSnips',
    partNumber: `TW-CT-AS250${cut[0]}`,
    category: 'saws-snips',
    specs: {
      material: 'Chrome molybdenum',
      finish: 'Powder-coated',
      length: 250,
      cut,
      capacity: 1.2,
    },
  }))
  const blades = [18, 24, 32].map((tpi): RangeTool => ({
    name: `Bi-Metal Hacksaw Blades 300 mm, ${tpi} TPI (10 pcs)`,
    priceCents: price(1290 + tpi * 5),
    quantity: stock(`TW-CT-HB${tpi}`, 400),
    minimum: 1,
    description: `HSS-edged bi-metal blades that bend without snapping; ${tpi} teeth per inch for ${tpi <= 18 ? 'solid bar over 6 mm' : tpi <= 24 ? 'tube and angle' : 'thin tube and sheet'}.`,
    picture: 'hacksaw',
    partNumber: `TW-CT-HB${tpi}`,
    category: 'saws-snips',
    specs: { material: 'HSS', finish: 'Bright', length: 300, cut: 'Bi-metal blade', tpi },
  }))
  return [
    ...snips,
    ...blades,
    {
      name: 'Junior Hacksaw, 150 mm',
      priceCents: 649,
      quantity: 800,
      minimum: 1,
      description:
        'Sprung steel frame for 150 mm pin-end blades, for small tube, cable trunking and tight places. Blade included.',
      picture: 'hacksaw',
      partNumber: 'TW-CT-JH150',
      category: 'saws-snips',
      specs: {
        material: 'Carbon steel',
        finish: 'Powder-coated',
        length: 150,
        cut: 'Bi-metal blade',
        tpi: 32,
      },
    },
  ]
}

// ----- Hand tools ----------------------------------------------------------------------------

/** Across-flats size → the metric hex head it fits (ISO 4017 / ISO 4762 where they differ). */
const FITS: Record<number, string> = {
  7: 'M4 hex heads',
  8: 'M5 hex heads',
  10: 'M6 hex heads',
  13: 'M8 hex heads',
  16: 'M10 hex heads (ISO)',
  17: 'M10 hex heads',
  18: 'M12 hex heads (ISO)',
  19: 'M12 hex heads',
  24: 'M16 hex heads',
  30: 'M20 hex heads',
}

function wrenches(): RangeTool[] {
  const combination = [
    6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 30, 32,
  ].map((s): RangeTool => {
    const pn = `TW-WR-C${String(s).padStart(2, '0')}`
    return {
      name: `Combination Wrench ${s} mm`,
      priceCents: price(260 + s * s * 2.6),
      quantity: stock(pn, 150),
      minimum: 1,
      description: `Chrome-vanadium wrench with a 15° open end and a 12-point ring end offset 15°, satin chrome finish, to DIN 3113.${FITS[s] ? ` Fits ${FITS[s]}.` : ''}`,
      picture: 'wrenchSet',
      partNumber: pn,
      category: 'wrenches',
      specs: {
        material: 'Chrome vanadium',
        weight: Math.round(0.75 * s * s),
        standard: 'DIN 3113',
        wrench_type: 'Combination',
        size: s,
        length: 10 * s + 55,
        pieces: 1,
        ...(FITS[s] ? { fits: FITS[s] } : {}),
      },
    }
  })
  const ratcheting = [8, 10, 12, 13, 14, 17, 19].map((s): RangeTool => ({
    name: `Ratcheting Combination Wrench ${s} mm`,
    priceCents: price(690 + s * s * 3.5),
    quantity: stock(`TW-WR-R${s}`, 90),
    minimum: 1,
    description: `72-tooth ratchet in the ring end (5° swing) and a 15° open end, chrome vanadium. Turns nuts without lifting the wrench.`,
    picture: 'wrenchSet',
    partNumber: `TW-WR-R${s}`,
    category: 'wrenches',
    specs: {
      material: 'Chrome vanadium',
      weight: Math.round(0.9 * s * s),
      standard: 'DIN 3113',
      wrench_type: 'Ratcheting',
      size: s,
      length: 10 * s + 60,
      pieces: 1,
    },
  }))
  const adjustable = (
    [
      [150, 20, 110],
      [200, 24, 210],
      [250, 30, 340],
      [300, 34, 560],
    ] as const
  ).map(([length, jaw, weight]): RangeTool => ({
    name: `Adjustable Wrench ${length} mm (opens ${jaw} mm)`,
    priceCents: price(700 + length * 6),
    quantity: stock(`TW-WR-AJ${length}`, 120),
    minimum: 1,
    description: `Drop-forged chrome-vanadium adjustable wrench with a metric scale on the jaw and a 15° head angle. Opens to ${jaw} mm.`,
    picture: 'pipeWrench',
    partNumber: `TW-WR-AJ${length}`,
    category: 'wrenches',
    specs: {
      material: 'Chrome vanadium',
      weight,
      standard: 'DIN 3117',
      wrench_type: 'Adjustable',
      size: jaw,
      length,
      pieces: 1,
    },
  }))
  const torque = (
    [
      ['1/4"', '5–25', 270, 'TW-WR-TQ25', 6450, 'M5 M6 fasteners, bicycle and instrument work'],
      ['3/8"', '20–100', 340, 'TW-WR-TQ100', 6950, 'M8 M10 M12 fasteners, engines'],
    ] as const
  ).map(([drive, range, length, pn, cents, fits]): RangeTool => ({
    name: `Click Torque Wrench, ${drive} Drive, ${range} N·m`,
    priceCents: cents,
    quantity: stock(pn, 60),
    minimum: 1,
    description: `Click-type torque wrench accurate to ±4% to ISO 6789, with a dual N·m and ft·lb scale and a reversible ratchet head. Supplied with a calibration certificate.`,
    picture: 'torqueWrench',
    partNumber: pn,
    category: 'wrenches',
    specs: {
      material: 'Chrome vanadium',
      weight: length * 3,
      standard: 'ISO 6789',
      wrench_type: 'Torque',
      length,
      pieces: 1,
      fits,
    },
    documents: [DEMO_DOCS.torqueCertificate],
  }))
  return [...combination, ...ratcheting, ...adjustable, ...torque]
}

function sockets(): RangeTool[] {
  const singles = [10, 11, 12, 13, 14, 15, 16, 17, 19, 21, 22, 24, 27, 30, 32].map(
    (s): RangeTool => ({
      name: `Socket 1/2" Drive, ${s} mm, 6-Point`,
      priceCents: price(240 + s * 18),
      quantity: stock(`TW-SK-H${s}`, 120),
      minimum: 1,
      description: `Chrome-vanadium 6-point socket to DIN 3124 that grips the flats, not the corners, so worn nuts still turn.${FITS[s] ? ` Fits ${FITS[s]}.` : ''}`,
      picture: 'socketSet',
      partNumber: `TW-SK-H${s}`,
      category: 'sockets',
      specs: {
        material: 'Chrome vanadium',
        weight: 30 + s * 4,
        standard: 'DIN 3124',
        drive: '1/2"',
        size_min: s,
        size_max: s,
        pieces: 1,
        ...(FITS[s] ? { fits: FITS[s] } : {}),
      },
    }),
  )
  const sets: RangeTool[] = [
    {
      name: 'Socket Set, 1/4" Drive, 4–14 mm (29 pcs)',
      priceCents: 3495,
      quantity: 240,
      minimum: 1,
      description:
        'Chrome-vanadium 6-point sockets from 4 to 14 mm with a 72-tooth ratchet, bit adaptor, extensions and a spinner handle, in a moulded case.',
      picture: 'socketSet',
      partNumber: 'TW-SK-1429',
      category: 'sockets',
      specs: {
        material: 'Chrome vanadium',
        weight: 1400,
        standard: 'DIN 3124',
        drive: '1/4"',
        size_min: 4,
        size_max: 14,
        pieces: 29,
        fits: 'M3 M4 M5 M6 M8 hex heads',
      },
    },
    {
      name: 'Socket Set, 3/8" Drive, 8–22 mm (22 pcs)',
      priceCents: 4895,
      quantity: 200,
      minimum: 1,
      description:
        'Chrome-vanadium 6-point sockets from 8 to 22 mm with a 72-tooth ratchet, two extensions and a universal joint, in a moulded case.',
      picture: 'socketSet',
      partNumber: 'TW-SK-3822',
      category: 'sockets',
      specs: {
        material: 'Chrome vanadium',
        weight: 2600,
        standard: 'DIN 3124',
        drive: '3/8"',
        size_min: 8,
        size_max: 22,
        pieces: 22,
        fits: 'M5 M6 M8 M10 M12 M14 hex heads',
      },
    },
  ]
  return [...singles, ...sets]
}

function hammers(): RangeTool[] {
  const rows = [
    [
      'Claw Hammer, 16 oz',
      'TW-HM-CL16',
      450,
      330,
      'Hickory',
      690,
      1450,
      'Curved claw for pulling nails, polished striking face, hickory handle wedged into the head.',
    ],
    [
      'Ball-Peen Hammer, 8 oz',
      'TW-HM-BPL08',
      225,
      290,
      'Fibreglass',
      380,
      990,
      'Light ball-peen hammer for centre punching, riveting and fine metalwork. Fibreglass handle with a rubber grip.',
    ],
    [
      'Ball-Peen Hammer, 32 oz',
      'TW-HM-BPH32',
      900,
      390,
      'Fibreglass',
      1150,
      1899,
      'Heavy ball-peen hammer for chisels, drifts and shaping. Fibreglass handle with a rubber grip.',
    ],
    [
      'Club Hammer, 1.25 kg',
      'TW-HM-CB125',
      1250,
      260,
      'Hickory',
      1500,
      1749,
      'Double-faced club (lump) hammer for cold chisels and bolsters, hickory handle.',
    ],
    [
      'Soft-Face Mallet, 50 mm',
      'TW-HM-SF50',
      700,
      320,
      'Steel',
      950,
      2450,
      'Steel-bodied mallet with replaceable nylon faces that drive bearings and dowels without marking them.',
    ],
  ] as const
  return rows.map(([name, pn, head, length, handle, weight, cents, description]) => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 150),
    minimum: 1,
    description,
    picture: 'hammer',
    partNumber: pn,
    category: 'hammers',
    specs: {
      material: 'Carbon steel',
      weight,
      standard: 'DIN 1041',
      head_weight: head,
      length,
      handle,
    },
  }))
}

function hexKeys(): RangeTool[] {
  const singles = [2, 2.5, 3, 4, 5, 6, 8, 10].map((s): RangeTool => ({
    name: `Hex Key ${mm(s)} mm, Long Arm, Ball End (5 pcs)`,
    priceCents: price(180 + s * s * 14),
    quantity: stock(`TW-HK-L${code(s)}`, 200),
    minimum: 1,
    description: `Chrome-vanadium long-arm hex keys (Allen keys) with a 25° ball end on the long arm, for screws you reach at an angle. Pack of 5.`,
    picture: 'hexKey',
    partNumber: `TW-HK-L${code(s)}`,
    category: 'hex-keys',
    specs: {
      material: 'Chrome vanadium',
      weight: Math.round(5 * (4 + s * s * 1.6)),
      standard: 'ISO 2936',
      size_min: s,
      size_max: s,
      pieces: 5,
    },
  }))
  return [
    ...singles,
    {
      name: 'T-Handle Hex Key Set, 2–10 mm (8 pcs)',
      priceCents: 3295,
      quantity: 140,
      minimum: 1,
      description:
        'T-handle hex keys with two-component grips and a side drive for speed, in 2, 2.5, 3, 4, 5, 6, 8 and 10 mm, on a wall stand.',
      picture: 'hexKey',
      partNumber: 'TW-HK-T810',
      category: 'hex-keys',
      specs: {
        material: 'S2 tool steel',
        weight: 1100,
        standard: 'ISO 2936',
        size_min: 2,
        size_max: 10,
        pieces: 8,
      },
    },
    {
      name: 'Hex Key Set, Stainless, 1.5–10 mm (9 pcs)',
      priceCents: 2450,
      quantity: 160,
      minimum: 1,
      description:
        'Stainless-steel hex keys for food plants and clean rooms, where chrome plating must not flake. 1.5 to 10 mm in a rack.',
      picture: 'hexKey',
      partNumber: 'TW-HK-S915',
      category: 'hex-keys',
      specs: {
        material: 'Stainless steel',
        weight: 230,
        standard: 'ISO 2936',
        size_min: 1.5,
        size_max: 10,
        pieces: 9,
        fits: 'M2 M3 M4 M5 M6 M8 M10 M12 socket caps',
      },
    },
  ]
}

function screwdrivers(): RangeTool[] {
  const rows: [string, string, number, number, string][] = [
    ['Slotted', '3 × 0.5', 75, 395, 'ISO 2380'],
    ['Slotted', '4 × 0.8', 100, 445, 'ISO 2380'],
    ['Slotted', '5.5 × 1', 125, 495, 'ISO 2380'],
    ['Slotted', '6.5 × 1.2', 150, 545, 'ISO 2380'],
    ['Phillips', 'PH0', 60, 395, 'ISO 8764'],
    ['Phillips', 'PH1', 80, 425, 'ISO 8764'],
    ['Phillips', 'PH2', 100, 475, 'ISO 8764'],
    ['Phillips', 'PH3', 150, 575, 'ISO 8764'],
    ['Pozidriv', 'PZ1', 80, 425, 'ISO 8764'],
    ['Pozidriv', 'PZ2', 100, 475, 'ISO 8764'],
    ['Pozidriv', 'PZ3', 150, 575, 'ISO 8764'],
    ['Torx', 'T10', 80, 445, 'ISO 10664'],
    ['Torx', 'T15', 80, 445, 'ISO 10664'],
    ['Torx', 'T20', 100, 475, 'ISO 10664'],
    ['Torx', 'T25', 100, 495, 'ISO 10664'],
    ['Torx', 'T30', 115, 525, 'ISO 10664'],
  ]
  const singles = rows.map(([tip, tipSize, blade, cents, standard]): RangeTool => {
    const pn = `TW-SD-${tipSize.replace(/[^A-Z0-9.]/gi, '').replace('.', 'P')}`
    return {
      name: `${tip} Screwdriver ${tipSize}${tip === 'Slotted' ? ' mm' : ''} × ${blade} mm`,
      priceCents: cents,
      quantity: stock(pn, 200),
      minimum: 1,
      description: `Chrome-vanadium blade with a hardened, blackened tip and a two-component handle. ${blade} mm blade.`,
      picture: 'hexKey',
      partNumber: pn,
      category: 'screwdrivers',
      specs: {
        material: 'Chrome vanadium',
        weight: 40 + blade,
        standard,
        tip,
        tip_size: tipSize,
        blade_length: blade,
        pieces: 1,
        insulated: 'No',
      },
    }
  })
  return [
    ...singles,
    {
      name: 'VDE Insulated Screwdriver Set, 1000 V (6 pcs)',
      priceCents: 3895,
      quantity: 180,
      minimum: 1,
      description:
        'Each screwdriver tested at 10,000 V for work on live parts up to 1000 V AC: slotted 2.5, 4, 5.5 mm and PZ1, PZ2, PH2.',
      picture: 'hexKey',
      partNumber: 'TW-SD-VDE6',
      category: 'screwdrivers',
      specs: {
        material: 'Chrome vanadium',
        weight: 480,
        standard: 'IEC 60900',
        tip: 'Mixed',
        tip_size: 'SL2.5–5.5, PZ1–2, PH2',
        pieces: 6,
        insulated: 'Yes',
      },
    },
  ]
}

function pliers(): RangeTool[] {
  const rows = [
    [
      'Combination Pliers, 180 mm',
      'TW-PL-CB180',
      'Combination',
      180,
      2.5,
      'No',
      'DIN ISO 5746',
      1395,
    ],
    [
      'Combination Pliers, 200 mm',
      'TW-PL-CB200',
      'Combination',
      200,
      2.8,
      'No',
      'DIN ISO 5746',
      1545,
    ],
    ['Long-Nose Pliers, 200 mm', 'TW-PL-LN200', 'Long nose', 200, 2, 'No', 'DIN ISO 5745', 1495],
    [
      'Side Cutting Pliers, 160 mm',
      'TW-PL-SC160',
      'Side cutting',
      160,
      3,
      'No',
      'DIN ISO 5749',
      1450,
    ],
    [
      'Side Cutting Pliers, 180 mm',
      'TW-PL-SC180',
      'Side cutting',
      180,
      3.4,
      'No',
      'DIN ISO 5749',
      1595,
    ],
    ['Water Pump Pliers, 250 mm', 'TW-PL-WP250', 'Water pump', 250, 0, 'No', 'DIN ISO 8976', 1795],
    ['Locking Pliers, 250 mm', 'TW-PL-LK250', 'Locking', 250, 0, 'No', 'DIN ISO 5743', 1695],
    [
      'VDE Combination Pliers, 1000 V, 200 mm',
      'TW-PL-VDE200',
      'Combination',
      200,
      2.8,
      'Yes',
      'IEC 60900',
      2495,
    ],
  ] as const
  return rows.map(([name, pn, type, length, capacity, insulated, standard, cents]) => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 150),
    minimum: 1,
    description: `Drop-forged chrome-vanadium ${type.toLowerCase()} pliers, induction-hardened cutting edges and ${insulated === 'Yes' ? 'insulated handles tested at 10,000 V' : 'two-component grips'}.`,
    picture: 'tinSnips',
    partNumber: pn,
    category: 'pliers',
    specs: {
      material: 'Chrome vanadium',
      weight: Math.round(length * 1.4),
      standard,
      plier_type: type,
      length,
      insulated,
      ...(capacity > 0 ? { capacity } : {}),
    },
  }))
}

function files(): RangeTool[] {
  const rows = [
    ['Half-Round File, 200 mm, Second Cut', 'TW-HT-HR200', 'Half-round', 'Second', 200, 1, 890],
    ['Round File, 200 mm, Smooth Cut', 'TW-HT-RD200', 'Round', 'Smooth', 200, 1, 790],
    ['Square File, 150 mm, Second Cut', 'TW-HT-SQ150', 'Square', 'Second', 150, 1, 690],
    ['Flat File, 300 mm, Bastard Cut', 'TW-HT-FL300', 'Flat', 'Bastard', 300, 1, 1090],
    ['Needle File Set, 160 mm (10 pcs)', 'TW-HT-NF10', 'Needle set', 'Smooth', 160, 10, 1650],
  ] as const
  return rows.map(([name, pn, profile, cut, length, pieces, cents]) => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 120),
    minimum: 1,
    description: `Hardened high-carbon steel ${profile.toLowerCase()} file${pieces > 1 ? 's' : ''}, ${cut.toLowerCase()} cut, to DIN 7261, for deburring and shaping metal.`,
    picture: 'fileSet',
    partNumber: pn,
    category: 'files',
    specs: {
      material: 'Carbon steel',
      weight: pieces * length,
      standard: 'DIN 7261',
      profile,
      cut,
      length,
      pieces,
    },
  }))
}

// ----- Fasteners ------------------------------------------------------------------------------

const packFor = (t: string): number => (size(t) <= 6 ? 100 : size(t) <= 8 ? 50 : 25)

function screwsAndBolts(): RangeTool[] {
  type Row = [thread: string, length: number]
  const family = (
    rows: Row[],
    o: {
      prefix: string
      label: string
      head: string
      grade: string
      material: string
      standard: string
      picture: PictureName
      rate: number
      words: string
    },
  ): RangeTool[] =>
    rows.map(([t, length]) => {
      const pack = packFor(t)
      const pn = `${o.prefix}-${t}${length}`
      return {
        name: `${o.label} ${t} × ${length} mm, ${o.grade === 'A2-70' ? 'Stainless A2' : o.grade === 'A4-80' ? 'Stainless A4' : `Grade ${o.grade}`} (${pack} pcs)`,
        priceCents: price(pack * o.rate * (size(t) * size(t) * length) * 0.0022 + 350),
        quantity: stock(pn, 300),
        minimum: 1,
        description: `${o.words} ${t} coarse thread (${threadOf(t).pitch} mm pitch), ${length} mm long, to ${o.standard}.`,
        picture: o.picture,
        partNumber: pn,
        category: 'screws-bolts',
        specs: {
          material: o.material,
          pack,
          standard: o.standard,
          thread: t,
          length,
          head: o.head,
          grade: o.grade,
        },
      }
    })
  return [
    ...family(
      [
        ['M3', 10],
        ['M4', 12],
        ['M4', 20],
        ['M5', 16],
        ['M5', 25],
        ['M6', 16],
        ['M6', 20],
        ['M6', 30],
        ['M8', 20],
        ['M8', 40],
        ['M10', 30],
        ['M10', 50],
        ['M12', 40],
      ],
      {
        prefix: 'TW-FS',
        label: 'Socket Cap Screw',
        head: 'Socket cap',
        grade: 'A2-70',
        material: 'Stainless A2',
        standard: 'ISO 4762',
        picture: 'capScrew',
        rate: 1,
        words: 'A2 stainless socket head cap screws with a hex socket,',
      },
    ).map((t) => ({ ...t, documents: [DEMO_DOCS.capScrewDatasheet] })),
    ...family(
      [
        ['M5', 20],
        ['M6', 25],
        ['M8', 25],
        ['M8', 35],
        ['M10', 40],
        ['M12', 50],
      ],
      {
        prefix: 'TW-FK',
        label: 'Socket Cap Screw',
        head: 'Socket cap',
        grade: '12.9',
        material: 'Alloy steel 12.9',
        standard: 'ISO 4762',
        picture: 'capScrew',
        rate: 0.7,
        words: 'High-tensile 12.9 black-oxide socket head cap screws for machine building,',
      },
    ).map((t) => ({ ...t, documents: [DEMO_DOCS.capScrewDatasheet] })),
    ...family(
      [
        ['M6', 20],
        ['M8', 25],
      ],
      {
        prefix: 'TW-F4',
        label: 'Socket Cap Screw',
        head: 'Socket cap',
        grade: 'A4-80',
        material: 'Stainless A4',
        standard: 'ISO 4762',
        picture: 'capScrew',
        rate: 1.6,
        words: 'A4 (316) stainless socket head cap screws for salt water and chemical plants,',
      },
    ),
    ...family(
      [
        ['M6', 30],
        ['M8', 30],
        ['M8', 50],
        ['M10', 60],
        ['M12', 50],
        ['M12', 80],
        ['M16', 60],
      ],
      {
        prefix: 'TW-FB',
        label: 'Hex Bolt',
        head: 'Hex',
        grade: '8.8',
        material: 'Zinc-plated steel',
        standard: 'ISO 4017',
        picture: 'hexBolt',
        rate: 0.6,
        words: 'Grade 8.8 zinc-plated hex set screws, threaded to the head,',
      },
    ),
    ...family(
      [
        ['M8', 40],
        ['M10', 50],
      ],
      {
        prefix: 'TW-FA',
        label: 'Hex Bolt',
        head: 'Hex',
        grade: 'A2-70',
        material: 'Stainless A2',
        standard: 'ISO 4017',
        picture: 'hexBolt',
        rate: 1,
        words: 'A2 stainless hex set screws for outdoor frames and damp places,',
      },
    ),
    ...family(
      [
        ['M4', 16],
        ['M5', 20],
        ['M6', 25],
        ['M8', 30],
      ],
      {
        prefix: 'TW-FC',
        label: 'Countersunk Screw',
        head: 'Countersunk',
        grade: 'A2-70',
        material: 'Stainless A2',
        standard: 'ISO 10642',
        picture: 'capScrew',
        rate: 1,
        words: 'A2 stainless countersunk screws with a hex socket that sit flush,',
      },
    ),
    ...family(
      [
        ['M5', 12],
        ['M6', 16],
      ],
      {
        prefix: 'TW-FR',
        label: 'Button Head Screw',
        head: 'Button',
        grade: 'A2-70',
        material: 'Stainless A2',
        standard: 'ISO 7380',
        picture: 'capScrew',
        rate: 1,
        words: 'A2 stainless button head screws with a low domed head and a hex socket,',
      },
    ),
  ]
}

function nutsAndWashers(): RangeTool[] {
  type Kind = {
    type: string
    label: string
    prefix: string
    material: string
    standard: string
    threads: string[]
    rate: number
  }
  const kinds: Kind[] = [
    {
      type: 'Hex nut',
      label: 'Hex Nut',
      prefix: 'TW-FN',
      material: 'Zinc-plated steel',
      standard: 'ISO 4032',
      threads: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16'],
      rate: 0.5,
    },
    {
      type: 'Nyloc nut',
      label: 'Nyloc Nut',
      prefix: 'TW-FL',
      material: 'Stainless A2',
      standard: 'DIN 985',
      threads: ['M5', 'M6', 'M8', 'M10', 'M12'],
      rate: 1.4,
    },
    {
      type: 'Flat washer',
      label: 'Flat Washer',
      prefix: 'TW-FW',
      material: 'Stainless A2',
      standard: 'ISO 7089',
      threads: ['M6', 'M8', 'M10', 'M12'],
      rate: 0.4,
    },
    {
      type: 'Spring washer',
      label: 'Spring Washer',
      prefix: 'TW-FP',
      material: 'Carbon steel',
      standard: 'DIN 127',
      threads: ['M8', 'M10'],
      rate: 0.3,
    },
  ]
  return kinds.flatMap((k) =>
    k.threads.map((t): RangeTool => {
      const d = threadOf(t)
      const washer = k.type.endsWith('washer')
      const pack = washer ? 200 : size(t) <= 8 ? 100 : 50
      const pn = `${k.prefix}-${t}`
      const material =
        k.material === 'Stainless A2'
          ? 'Stainless A2'
          : k.material === 'Carbon steel'
            ? 'Spring steel'
            : 'Grade 8'
      return {
        name: `${k.label} ${t}, ${material} (${pack} pcs)`,
        priceCents: price(pack * k.rate * size(t) * size(t) * 0.05 + 250),
        quantity: stock(pn, 400),
        minimum: 1,
        description: `${k.label}s for ${t} bolts and screws to ${k.standard}, ${k.material.toLowerCase()}. ${washer ? `${d.washerOd} mm outside diameter.` : `${d.af} mm across flats.`}`,
        picture: 'hexBolt',
        partNumber: pn,
        category: 'nuts-washers',
        specs: {
          material: k.material,
          pack,
          standard: k.standard,
          thread: t,
          nut_type: k.type,
          thickness: washer ? d.washerT : k.type === 'Nyloc nut' ? size(t) : d.nut,
          ...(washer ? { outer_diameter: d.washerOd } : {}),
        },
      }
    }),
  )
}

function hinges(): RangeTool[] {
  const rows = [
    [
      'Steel Butt Hinge Pack, 50 mm (10 pairs)',
      'TW-FH-BH50',
      'Zinc-plated steel',
      50,
      40,
      1.5,
      990,
    ],
    ['Steel Butt Hinge Pack, 75 mm (10 pairs)', 'TW-FH-BH75', 'Zinc-plated steel', 75, 60, 2, 1590],
    [
      'Steel Butt Hinge Pack, 125 mm (5 pairs)',
      'TW-FH-BH125',
      'Zinc-plated steel',
      125,
      90,
      3,
      1790,
    ],
    [
      'Stainless Butt Hinge Pack, 100 mm (5 pairs)',
      'TW-FH-SB100',
      'Stainless A2',
      100,
      75,
      2.5,
      2890,
    ],
    ['Heavy Strap Hinge, 200 mm (2 pcs)', 'TW-FH-ST200', 'Zinc-plated steel', 200, 40, 3, 890],
    ['Heavy Strap Hinge, 300 mm (2 pcs)', 'TW-FH-ST300', 'Zinc-plated steel', 300, 45, 3.5, 1190],
  ] as const
  return rows.map(([name, pn, material, length, width, thickness, cents]) => {
    const pairs = /\((\d+) (pairs|pcs)\)/.exec(name)
    const pieces = pairs ? Number(pairs[1]) * (pairs[2] === 'pairs' ? 2 : 1) : 2
    return {
      name,
      priceCents: cents,
      quantity: stock(pn, 300),
      minimum: 1,
      description: `${material === 'Stainless A2' ? 'A2 stainless' : 'Zinc-plated steel'} hinges, ${length} mm long and ${thickness} mm thick, with countersunk holes; screws included.`,
      picture: 'hingePack',
      partNumber: pn,
      category: 'hinges',
      specs: { material, pack: pieces, standard: 'EN 1935', length, width, thickness },
    }
  })
}

// ----- Measuring ------------------------------------------------------------------------------

function measuring(): RangeTool[] {
  const calipers = (
    [
      ['Digital Caliper, 0–150 mm', 'TW-MS-DC150', 150, 0.01, 0.03, 'Digital', 40, 'USB', 4950],
      ['Digital Caliper, 0–200 mm', 'TW-MS-DC200', 200, 0.01, 0.03, 'Digital', 50, 'USB', 6450],
      ['Digital Caliper, 0–300 mm', 'TW-MS-DC300', 300, 0.01, 0.04, 'Digital', 60, 'USB', 9450],
      ['Dial Caliper, 0–150 mm', 'TW-MS-DL150', 150, 0.02, 0.03, 'Dial', 40, '', 5450],
      ['Vernier Caliper, 0–200 mm', 'TW-MS-VC200', 200, 0.02, 0.03, 'Vernier', 50, '', 4450],
      ['Vernier Caliper, 0–300 mm', 'TW-MS-VC300', 300, 0.02, 0.04, 'Vernier', 60, '', 6950],
    ] as const
  ).map(([name, pn, range, resolution, accuracy, reading, jaw, output, cents]): RangeTool => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 60),
    minimum: 1,
    description: `Hardened stainless steel ${reading.toLowerCase()} caliper with ${resolution} mm resolution for outside, inside, depth and step measurement, to DIN 862. Supplied with a calibration certificate.`,
    picture: 'caliper',
    partNumber: pn,
    category: 'calipers',
    specs: {
      range,
      resolution,
      material: 'Stainless steel',
      accuracy,
      reading,
      jaw_depth: jaw,
      ...(output ? { data_output: output } : {}),
    },
    documents: [DEMO_DOCS.caliperDatasheet, DEMO_DOCS.caliperCertificate],
  }))
  const micrometers = (
    [
      [25, 0.01, 0.002, 'Scale', 4950],
      [50, 0.01, 0.002, 'Scale', 5450],
      [75, 0.01, 0.003, 'Scale', 5950],
      [100, 0.01, 0.003, 'Scale', 6450],
    ] as const
  ).map(([top, resolution, accuracy, reading, cents]): RangeTool => ({
    name: `Outside Micrometer, ${top - 25}–${top} mm`,
    priceCents: cents,
    quantity: stock(`TW-MS-OM${top}`, 40),
    minimum: 1,
    description: `Outside micrometer to DIN 863 with carbide-tipped faces, a ratchet stop and a spindle lock; ${resolution} mm reading. Setting standard included above 25 mm.`,
    picture: 'caliper',
    partNumber: `TW-MS-OM${top}`,
    category: 'micrometers',
    specs: {
      range: top,
      resolution,
      material: 'Carbon steel',
      accuracy,
      reading,
      spindle: 6.35,
      anvil: 'Tungsten carbide',
    },
  }))
  const digitalMicrometer: RangeTool = {
    name: 'Digital Micrometer, 0–25 mm',
    priceCents: 8950,
    quantity: 40,
    minimum: 1,
    description:
      'Outside micrometer with a 0.001 mm display, ratchet thimble and carbide faces, IP65 against coolant. Supplied with a calibration certificate.',
    picture: 'caliper',
    partNumber: 'TW-MS-DM25',
    category: 'micrometers',
    specs: {
      range: 25,
      resolution: 0.001,
      material: 'Carbon steel',
      accuracy: 0.002,
      reading: 'Digital',
      spindle: 6.35,
      anvil: 'Tungsten carbide',
    },
    documents: [DEMO_DOCS.caliperCertificate],
  }
  const rules = (
    [
      [150, 13, 590],
      [300, 18, 890],
      [500, 25, 1490],
      [1000, 30, 2690],
    ] as const
  ).map(([length, width, cents]): RangeTool => ({
    name: `Stainless Steel Rule, ${length} mm`,
    priceCents: cents,
    quantity: stock(`TW-MS-SR${length}`, 150),
    minimum: 1,
    description: `Satin-chrome stainless rule with etched millimetre and half-millimetre graduations on both edges and a conversion table on the back.`,
    picture: 'caliper',
    partNumber: `TW-MS-SR${length}`,
    category: 'rules-tapes',
    specs: {
      range: length,
      resolution: 0.5,
      material: 'Stainless steel',
      accuracy: 0.1 + length / 5000,
      reading: 'Scale',
      width,
      class: 'I',
    },
  }))
  const tapes = (
    [
      [3, 16, 690],
      [5, 19, 990],
      [8, 25, 1490],
      [10, 25, 1790],
    ] as const
  ).map(([metres, width, cents]): RangeTool => ({
    name: `Tape Measure, ${metres} m × ${width} mm`,
    priceCents: cents,
    quantity: stock(`TW-MS-TM${metres}`, 250),
    minimum: 1,
    description: `EC class II tape with a nylon-coated steel blade, a true-zero hook and an ABS case with a belt clip; ${metres} m.`,
    picture: 'caliper',
    partNumber: `TW-MS-TM${metres}`,
    category: 'rules-tapes',
    specs: {
      range: metres * 1000,
      resolution: 1,
      material: 'ABS',
      accuracy: 0.3 + metres * 0.2,
      reading: 'Scale',
      width,
      class: 'II',
    },
  }))
  const gauges: RangeTool[] = [
    {
      name: 'Feeler Gauge, 0.05–1.00 mm (20 leaves)',
      priceCents: 790,
      quantity: 300,
      minimum: 1,
      description:
        'Twenty tempered steel leaves from 0.05 to 1.00 mm, each marked with its thickness, for valve clearances and set-ups.',
      picture: 'caliper',
      partNumber: 'TW-MS-FG20',
      category: 'gauges',
      specs: {
        range: 1,
        resolution: 0.05,
        material: 'Carbon steel',
        reading: 'Leaves',
        pieces: 20,
        scale: '0.05–1.00 mm',
      },
    },
    {
      name: 'Thread Pitch Gauge, Metric 0.4–7 mm (21 leaves)',
      priceCents: 990,
      quantity: 200,
      minimum: 1,
      description:
        'Stainless leaves for metric threads from 0.4 to 7 mm pitch (ISO 60°), to tell M8 × 1.25 from M8 × 1 at a glance.',
      picture: 'caliper',
      partNumber: 'TW-MS-TP21',
      category: 'gauges',
      specs: {
        range: 7,
        resolution: 0.05,
        material: 'Stainless steel',
        reading: 'Leaves',
        pieces: 21,
        scale: '0.4–7 mm pitch',
      },
    },
    {
      name: 'Dial Indicator, 0–10 mm × 0.01 mm',
      priceCents: 3450,
      quantity: 90,
      minimum: 1,
      description:
        'Dial indicator to DIN 878 with an 8 mm stem and a shockproof movement, for run-out and alignment on a magnetic base.',
      picture: 'caliper',
      partNumber: 'TW-MS-DI10',
      category: 'gauges',
      specs: {
        range: 10,
        resolution: 0.01,
        material: 'Stainless steel',
        accuracy: 0.017,
        reading: 'Dial',
        pieces: 1,
        scale: '0–100',
      },
    },
    {
      name: 'Dial Test Indicator, 0–0.8 mm × 0.01 mm',
      priceCents: 4250,
      quantity: 70,
      minimum: 1,
      description:
        'Lever-type test indicator with a swivelling ruby-tipped stylus, to centre work in a lathe or a mill.',
      picture: 'caliper',
      partNumber: 'TW-MS-DT08',
      category: 'gauges',
      specs: {
        range: 0.8,
        resolution: 0.01,
        material: 'Stainless steel',
        accuracy: 0.01,
        reading: 'Dial',
        pieces: 1,
        scale: '0–40–0',
      },
    },
  ]
  return [...calipers, ...micrometers, digitalMicrometer, ...rules, ...tapes, ...gauges]
}

// ----- Workholding ----------------------------------------------------------------------------

function workholding(): RangeTool[] {
  const vises = (
    [
      [
        'Bench Vise, 100 mm, Fixed Base',
        'TW-WH-BV100',
        'Bench',
        100,
        'Fixed',
        110,
        7.5,
        5999,
        false,
      ],
      [
        'Bench Vise, 150 mm with Swivel Base',
        'TW-WH-BV150',
        'Bench',
        150,
        'Swivel',
        180,
        18,
        13999,
        true,
      ],
      ['Machine Vise, 75 mm', 'TW-WH-MV75', 'Machine', 75, 'Fixed', 75, 3.4, 4999, false],
      ['Machine Vise, 100 mm', 'TW-WH-MV100', 'Machine', 100, 'Fixed', 100, 6.8, 7499, false],
      [
        'Machine Vise, 125 mm with Swivel Base',
        'TW-WH-MV125',
        'Machine',
        125,
        'Swivel',
        125,
        14,
        11999,
        true,
      ],
      [
        'Drill Press Vise, 100 mm',
        'TW-WH-DV100',
        'Drill press',
        100,
        'Fixed',
        100,
        2.9,
        2999,
        false,
      ],
    ] as const
  ).map(([name, pn, type, jaw, base, opening, weight, cents, madeToOrder]): RangeTool => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 30),
    minimum: 1,
    ...(madeToOrder ? { madeToOrder: true, leadTimeDays: 14 } : {}),
    description: `${type === 'Bench' ? 'Ductile-iron bench vise with replaceable serrated jaws' : 'Cast-iron vise with ground jaws, square to the base'}; ${jaw} mm jaws opening to ${opening} mm.`,
    picture: 'benchVise',
    partNumber: pn,
    category: 'vises',
    specs: {
      material: 'Cast iron',
      weight_kg: weight,
      jaw_width: jaw,
      base,
      opening,
      vise_type: type,
    },
    ...(type === 'Bench' ? { documents: [DEMO_DOCS.viseManual] } : {}),
  }))
  const fClamps = (
    [
      [150, 50, 2500],
      [200, 80, 3000],
      [300, 120, 3500],
      [500, 120, 3500],
      [800, 120, 3500],
      [1000, 120, 3500],
    ] as const
  ).map(([opening, throat, force]): RangeTool => ({
    name: `F Clamp ${opening} × ${throat} mm`,
    priceCents: price(590 + opening * 1.6 + throat * 6),
    quantity: stock(`TW-WH-FC${opening}`, 120),
    minimum: 2,
    description: `Steel-rail F clamp (bar clamp) with a hardened serrated rail, a sliding arm and a wooden handle; ${throat} mm throat.`,
    picture: 'springClamp',
    partNumber: `TW-WH-FC${opening}`,
    category: 'clamps',
    specs: {
      material: 'Carbon steel',
      weight_kg: Math.round((0.4 + opening / 600) * 10) / 10,
      opening,
      pieces: 1,
      throat,
      clamp_type: 'F clamp',
      force,
    },
  }))
  const gClamps = (
    [
      [50, 40, 690],
      [75, 50, 890],
      [100, 60, 1190],
      [150, 75, 1690],
      [200, 90, 2390],
    ] as const
  ).map(([opening, throat, cents]): RangeTool => ({
    name: `G Clamp ${opening} mm`,
    priceCents: cents,
    quantity: stock(`TW-WH-GC${opening}`, 120),
    minimum: 1,
    description: `Malleable cast-iron G clamp (C clamp) with a swivel pad and a tommy-bar screw; opens to ${opening} mm with a ${throat} mm throat.`,
    picture: 'springClamp',
    partNumber: `TW-WH-GC${opening}`,
    category: 'clamps',
    specs: {
      material: 'Cast iron',
      weight_kg: Math.round(opening * 0.012 * 10) / 10,
      opening,
      pieces: 1,
      throat,
      clamp_type: 'G clamp',
      force: opening * 40,
    },
  }))
  const more: RangeTool[] = [
    {
      name: 'Quick-Release Bar Clamp, 300 mm',
      priceCents: 1290,
      quantity: 400,
      minimum: 2,
      description:
        'One-hand bar clamp that squeezes with a trigger and turns into a spreader; nylon body, steel bar, soft pads.',
      picture: 'springClamp',
      partNumber: 'TW-WH-QC300',
      category: 'clamps',
      specs: {
        material: 'Carbon steel',
        weight_kg: 0.6,
        opening: 300,
        pieces: 1,
        throat: 80,
        clamp_type: 'Quick-release bar',
        force: 1200,
      },
    },
    {
      name: 'Quick-Release Bar Clamp, 600 mm',
      priceCents: 1690,
      quantity: 300,
      minimum: 2,
      description:
        'One-hand bar clamp that squeezes with a trigger and turns into a spreader; nylon body, steel bar, soft pads.',
      picture: 'springClamp',
      partNumber: 'TW-WH-QC600',
      category: 'clamps',
      specs: {
        material: 'Carbon steel',
        weight_kg: 0.9,
        opening: 600,
        pieces: 1,
        throat: 80,
        clamp_type: 'Quick-release bar',
        force: 1200,
      },
    },
    {
      name: 'Horizontal Toggle Clamp, 90 kg',
      priceCents: 890,
      quantity: 500,
      minimum: 4,
      packSize: 2,
      description:
        'Zinc-plated horizontal toggle clamp with a flanged base and an adjustable rubber spindle, holding 900 N, for jigs and welding fixtures.',
      picture: 'springClamp',
      partNumber: 'TW-WH-TH90',
      category: 'clamps',
      specs: {
        material: 'Zinc-plated steel',
        weight_kg: 0.2,
        opening: 60,
        pieces: 1,
        clamp_type: 'Toggle',
        force: 900,
      },
    },
    {
      name: 'Vertical Toggle Clamp, 227 kg',
      priceCents: 1490,
      quantity: 400,
      minimum: 4,
      packSize: 2,
      description:
        'Heavy vertical toggle clamp holding 2,270 N with a solid arm and an adjustable spindle, for drilling and milling fixtures.',
      picture: 'springClamp',
      partNumber: 'TW-WH-TV227',
      category: 'clamps',
      specs: {
        material: 'Zinc-plated steel',
        weight_kg: 0.5,
        opening: 80,
        pieces: 1,
        clamp_type: 'Toggle',
        force: 2270,
      },
    },
  ]
  return [...vises, ...fClamps, ...gClamps, ...more]
}

// ----- Power-tool parts -----------------------------------------------------------------------

function powerToolParts(): RangeTool[] {
  const chucks = (
    [
      [
        'Keyed Drill Chuck, 10 mm (3/8"-24 UNF)',
        'TW-PT-KD10',
        'Keyed',
        10,
        '3/8"-24 UNF',
        'Drill',
        290,
        1290,
      ],
      [
        'Keyed Drill Chuck, 13 mm (1/2"-20 UNF)',
        'TW-PT-KD13',
        'Keyed',
        13,
        '1/2"-20 UNF',
        'Drill',
        520,
        1590,
      ],
      [
        'Keyed Drill Chuck, 16 mm (B16 taper)',
        'TW-PT-KD16',
        'Keyed',
        16,
        'B16 taper',
        'Drill',
        850,
        2490,
      ],
      [
        'Keyless Drill Chuck, 10 mm (3/8"-24 UNF)',
        'TW-PT-KC10',
        'Keyless',
        10,
        '3/8"-24 UNF',
        'Drill',
        250,
        1490,
      ],
      [
        'SDS-plus Chuck Adaptor, 1/2"-20 UNF',
        'TW-PT-SA13',
        'SDS-plus adaptor',
        13,
        '1/2"-20 UNF',
        'Rotary hammer',
        180,
        890,
      ],
      [
        'Chuck Key, 13 mm (pack of 2)',
        'TW-PT-CK13',
        'Chuck key',
        13,
        '6 mm pilot',
        'Drill',
        60,
        390,
      ],
    ] as const
  ).map(([name, pn, type, capacity, thread, tool, weight, cents]): RangeTool => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 120),
    minimum: 1,
    description: `${type === 'Chuck key' ? 'Replacement key' : type === 'SDS-plus adaptor' ? 'Adaptor that takes a threaded chuck on an SDS-plus rotary hammer, for drilling without hammer' : `${type} chuck with hardened steel jaws`} for ${capacity} mm chucks; mount ${thread}.`,
    picture: 'drillChuck',
    partNumber: pn,
    category: 'chucks',
    specs: {
      capacity,
      thread,
      fits_tool: tool,
      weight,
      material: 'Carbon steel',
      chuck_type: type,
    },
  }))
  const bitRows: [string, string, number][] = [
    ['Phillips', 'PH1', 10],
    ['Phillips', 'PH2', 10],
    ['Phillips', 'PH3', 10],
    ['Pozidriv', 'PZ1', 10],
    ['Pozidriv', 'PZ2', 10],
    ['Pozidriv', 'PZ3', 10],
    ['Torx', 'T10', 10],
    ['Torx', 'T15', 10],
    ['Torx', 'T20', 10],
    ['Torx', 'T25', 10],
    ['Torx', 'T30', 10],
    ['Torx', 'T40', 10],
    ['Hex', 'H4', 10],
    ['Hex', 'H5', 10],
    ['Hex', 'H6', 10],
  ]
  const bits = bitRows.map(([tip, tipSize, pieces]): RangeTool => ({
    name: `Impact Driver Bit ${tipSize} × 25 mm (${pieces} pcs)`,
    priceCents: price(490 + tipSize.length * 40),
    quantity: stock(`TW-PT-B${tipSize}`, 300),
    minimum: 1,
    description: `Torsion-zone S2 steel bits on a 1/4" hex shank, rated for impact drivers. ${tip} ${tipSize}, 25 mm, in a clip strip of ${pieces}.`,
    picture: 'hexKey',
    partNumber: `TW-PT-B${tipSize}`,
    category: 'driver-bits',
    specs: {
      thread: '1/4" hex (E6.3)',
      fits_tool: 'Impact driver',
      weight: pieces * 4,
      material: 'S2 tool steel',
      tip,
      tip_size: tipSize,
      length: 25,
      pieces,
    },
  }))
  const bitSets: RangeTool[] = [
    {
      name: 'Driver Bit Set, 25 mm (32 pcs)',
      priceCents: 1990,
      quantity: 260,
      minimum: 1,
      description:
        'PH, PZ, Torx, hex and slotted S2 bits with a magnetic quick-release holder, in a clear flip case.',
      picture: 'hexKey',
      partNumber: 'TW-PT-BS32',
      category: 'driver-bits',
      specs: {
        thread: '1/4" hex (E6.3)',
        fits_tool: 'Any',
        weight: 210,
        material: 'S2 tool steel',
        tip: 'Mixed',
        tip_size: 'PH1–3, PZ1–3, T10–40, H3–6, SL4–6',
        length: 25,
        pieces: 32,
      },
    },
    {
      name: 'Impact Driver Bit Set, 50 mm (10 pcs)',
      priceCents: 1490,
      quantity: 220,
      minimum: 1,
      description:
        'Long torsion bits for impact drivers: PH2 ×2, PZ2 ×2, T20, T25 ×2, T30 and two sleeves.',
      picture: 'hexKey',
      partNumber: 'TW-PT-BS10L',
      category: 'driver-bits',
      specs: {
        thread: '1/4" hex (E6.3)',
        fits_tool: 'Impact driver',
        weight: 120,
        material: 'S2 tool steel',
        tip: 'Mixed',
        tip_size: 'PH2, PZ2, T20, T25, T30',
        length: 50,
        pieces: 10,
      },
    },
  ]
  const brushes = (
    [
      ['5 × 8 × 15', 'Drill', 'No', 'TW-PT-CB0508'],
      ['6 × 10 × 16', 'Angle grinder', 'No', 'TW-PT-CB0610'],
      ['6.3 × 12.5 × 18', 'Rotary hammer', 'Yes', 'TW-PT-CB0612'],
      ['7 × 17 × 17', 'Angle grinder', 'Yes', 'TW-PT-CB0717'],
    ] as const
  ).map(([dimensions, tool, cutOff, pn]): RangeTool => ({
    name: `Carbon Brushes ${dimensions} mm${cutOff === 'Yes' ? ', Auto Cut-Off' : ''} (pair)`,
    priceCents: cutOff === 'Yes' ? 690 : 490,
    quantity: stock(pn, 200),
    minimum: 1,
    description: `Replacement motor brushes with shunt wires and springs${cutOff === 'Yes' ? ' and an insulating pin that stops the motor before the brush wears to its holder' : ''}. Check the size against the old brush.`,
    picture: 'drillChuck',
    partNumber: pn,
    category: 'carbon-brushes',
    specs: { dimensions, cut_off: cutOff, fits_tool: tool, weight: 12, material: 'Graphite' },
  }))
  return [...chucks, ...bits, ...bitSets, ...brushes]
}

// ----- Abrasives ------------------------------------------------------------------------------

function abrasives(): RangeTool[] {
  const rpm = (d: number): number => (d <= 115 ? 13300 : d <= 125 ? 12200 : 6600)
  const cutting = (
    [
      [125, 1, 'Stainless steel', 25],
      [125, 1.6, 'Steel', 25],
      [230, 1.9, 'Steel', 25],
      [230, 2.5, 'Stone', 10],
      [115, 3, 'Stone', 25],
      [125, 1.2, 'Aluminium', 25],
    ] as const
  ).map(([d, t, forMaterial, pack]): RangeTool => ({
    name: `Cutting Discs ${d} × ${t} mm, ${forMaterial} (${pack} pcs)`,
    priceCents: price(pack * (22 + d * 0.3 + t * 8)),
    quantity: stock(`TW-AB-CD${d}${code(t)}`, 600),
    minimum: 5,
    packSize: 5,
    description: `Fibreglass-reinforced ${d} × ${t} × 22.23 mm cutting discs for ${forMaterial.toLowerCase()}, to EN 12413, rated to ${rpm(d)} rpm.`,
    picture: 'grinderDisc',
    partNumber: `TW-AB-CD${d}${code(t)}`,
    category: 'cutting-discs',
    specs: {
      diameter: d,
      thickness: t,
      for_material: forMaterial,
      pack,
      bore: 22.23,
      max_rpm: rpm(d),
    },
  }))
  const grinding = [115, 125, 230].map((d): RangeTool => ({
    name: `Grinding Discs ${d} × 6 mm, Depressed Centre (10 pcs)`,
    priceCents: price(10 * (60 + d * 0.8)),
    quantity: stock(`TW-AB-GD${d}`, 300),
    minimum: 1,
    description: `Type 27 depressed-centre grinding discs for weld seams and bevels on steel, ${d} × 6 × 22.23 mm, to EN 12413.`,
    picture: 'grinderDisc',
    partNumber: `TW-AB-GD${d}`,
    category: 'abrasives',
    specs: { diameter: d, thickness: 6, for_material: 'Steel', pack: 10, bore: 22.23 },
  }))
  const flap: RangeTool[] = []
  for (const [d, grain, grits] of [
    [115, 'Zirconia', [40, 60, 80, 120]],
    [125, 'Zirconia', [40, 60, 80, 120]],
    [125, 'Ceramic', [40, 60]],
  ] as const) {
    for (const grit of grits) {
      const pn = `TW-AB-FD${d}${grain[0]}${grit}`
      flap.push({
        name: `${grain} Flap Disc ${d} mm, P${grit} (10 pcs)`,
        priceCents: price(10 * (grain === 'Ceramic' ? 240 : 150) + d * 2),
        quantity: stock(pn, 250),
        minimum: 1,
        description: `Conical ${grain.toLowerCase()} flap discs that grind and finish in one step, on a fibreglass backing; P${grit} for ${grit <= 60 ? 'heavy stock removal' : 'blending and finishing'}.`,
        picture: 'grinderDisc',
        partNumber: pn,
        category: 'flap-discs',
        specs: {
          diameter: d,
          for_material: grain === 'Ceramic' ? 'Stainless steel' : 'Steel',
          pack: 10,
          bore: 22.23,
          grit,
          grain,
          shape: 'Conical',
        },
      })
    }
  }
  const sheets = [60, 80, 120, 180, 240, 320, 400].map((grit): RangeTool => ({
    name: `Emery Cloth Sheets 230 × 280 mm, P${grit} (50 pcs)`,
    priceCents: price(2450 + grit * 2),
    quantity: stock(`TW-AB-SS${grit}`, 120),
    minimum: 1,
    description: `Aluminium-oxide abrasive on a flexible cotton cloth backing, for hand finishing metal, dry or with oil; P${grit}.`,
    picture: 'fileSet',
    partNumber: `TW-AB-SS${grit}`,
    category: 'sanding-sheets',
    specs: { for_material: 'Steel', pack: 50, grit, sheet_size: '230 × 280 mm', backing: 'Cloth' },
  }))
  return [...cutting, ...grinding, ...flap, ...sheets]
}

// ----- Safety ---------------------------------------------------------------------------------

function safety(): RangeTool[] {
  const gloves: RangeTool[] = []
  for (const glove of [
    {
      label: 'Nitrile-Coated Work Gloves',
      code: 'NC',
      material: 'Nitrile',
      cut: 'A',
      colour: 'Grey',
      pack: 12,
      cents: 1890,
      sizes: ['S', 'M', 'L', 'XL'],
      standard: 'EN 388 4121A',
    },
    {
      label: 'Cut-Resistant Gloves, Level D',
      code: 'CR',
      material: 'HPPE',
      cut: 'D',
      colour: 'Blue',
      pack: 6,
      cents: 3490,
      sizes: ['M', 'L', 'XL'],
      standard: 'EN 388 4X43D',
    },
  ] as const) {
    for (const s of glove.sizes) {
      gloves.push({
        name: `${glove.label}, Size ${s} (${glove.pack} pairs)`,
        priceCents: glove.cents,
        quantity: stock(`TW-SF-${glove.code}${s}`, 200),
        minimum: 1,
        description: `${glove.material}-${glove.code === 'NC' ? 'coated knitted gloves with a good grip on oily parts' : 'knit gloves with a nitrile palm that resist cuts from sheet metal'}, touchscreen-friendly; ${glove.standard}.`,
        picture: 'weldingGloves',
        partNumber: `TW-SF-${glove.code}${s}`,
        category: 'gloves',
        specs: {
          material: glove.material,
          size: s,
          standard: glove.standard,
          colour: glove.colour,
          pack: glove.pack,
          cut_level: glove.cut,
        },
      })
    }
  }
  const disposable = (['M', 'L'] as const).map((s): RangeTool => ({
    name: `Disposable Nitrile Gloves, Size ${s} (100 pcs)`,
    priceCents: 1290,
    quantity: stock(`TW-SF-DN${s}`, 300),
    minimum: 1,
    description:
      'Powder-free 0.1 mm nitrile gloves for oils, coolants and light chemicals, in a dispenser box of 100; EN ISO 374-1.',
    picture: 'weldingGloves',
    partNumber: `TW-SF-DN${s}`,
    category: 'gloves',
    specs: { material: 'Nitrile', size: s, standard: 'EN ISO 374-1', colour: 'Blue', pack: 100 },
  }))
  const eyes = (
    [
      ['Safety Glasses, Clear Lens', 'TW-SF-GC', 'Clear', 'Clear', 'Anti-scratch, anti-fog', 390],
      ['Safety Glasses, Smoke Lens', 'TW-SF-GS', 'Smoke', 'Smoke', 'Anti-scratch, UV 400', 450],
      ['Safety Glasses, Amber Lens', 'TW-SF-GA', 'Amber', 'Black', 'Anti-scratch, anti-fog', 450],
      [
        'Safety Goggles, Indirect Vent',
        'TW-SF-GG',
        'Clear',
        'Clear',
        'Anti-fog inside, anti-scratch outside',
        890,
      ],
    ] as const
  ).map(([name, pn, lens, colour, coating, cents]): RangeTool => ({
    name,
    priceCents: cents,
    quantity: stock(pn, 500),
    minimum: 5,
    description: `Polycarbonate ${name.includes('Goggles') ? 'goggles with an elastic strap that fit over glasses' : 'wraparound glasses with side protection and soft nose pads'}, EN 166 1F impact rated.`,
    picture: 'weldingGloves',
    partNumber: pn,
    category: 'eye-protection',
    specs: {
      material: 'Polycarbonate',
      size: 'One size',
      standard: 'EN 166 1F',
      colour,
      pack: 1,
      lens,
      coating,
    },
  }))
  const ears: RangeTool[] = [
    {
      name: 'Ear Defenders, SNR 27 dB',
      priceCents: 1290,
      quantity: 400,
      minimum: 2,
      description:
        'Lightweight ear defenders with an adjustable headband and soft cushions, for drilling and grinding; EN 352-1.',
      picture: 'weldingGloves',
      partNumber: 'TW-SF-ED27',
      category: 'hearing-protection',
      specs: {
        material: 'ABS',
        size: 'One size',
        standard: 'EN 352-1',
        colour: 'Orange',
        pack: 1,
        snr: 27,
      },
    },
    {
      name: 'Ear Defenders, SNR 33 dB',
      priceCents: 1990,
      quantity: 300,
      minimum: 2,
      description:
        'Twin-shell ear defenders for chop saws, compressors and presses, with a padded headband; EN 352-1.',
      picture: 'weldingGloves',
      partNumber: 'TW-SF-ED33',
      category: 'hearing-protection',
      specs: {
        material: 'ABS',
        size: 'One size',
        standard: 'EN 352-1',
        colour: 'Yellow',
        pack: 1,
        snr: 33,
      },
    },
    {
      name: 'Foam Ear Plugs, SNR 37 dB (200 pairs)',
      priceCents: 2290,
      quantity: 250,
      minimum: 1,
      description:
        'Soft polyurethane foam plugs that expand to fit, individually paired in paper pouches; EN 352-2.',
      picture: 'weldingGloves',
      partNumber: 'TW-SF-EP37',
      category: 'hearing-protection',
      specs: {
        material: 'Polypropylene',
        size: 'One size',
        standard: 'EN 352-2',
        colour: 'Orange',
        pack: 200,
        snr: 37,
      },
    },
  ]
  return [...gloves, ...disposable, ...eyes, ...ears]
}

/** The range, in the order the list shows it after the first tools (newest first). */
export const rangeTools: RangeTool[] = [
  ...drillBits(),
  ...wrenches(),
  ...screwsAndBolts(),
  ...measuring(),
  ...abrasives(),
  ...workholding(),
  ...sockets(),
  ...powerToolParts(),
  ...safety(),
  ...tapsAndDies(),
  ...screwdrivers(),
  ...nutsAndWashers(),
  ...pliers(),
  ...hexKeys(),
  ...holeSaws(),
  ...hammers(),
  ...sawsAndSnips(),
  ...files(),
  ...hinges(),
]
