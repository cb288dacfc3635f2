import type { CategoryAttribute } from '@toolworks/shared'

/** A demo category; `parent` is the parent's slug (issue 29). */
export type SeedCategory = {
  slug: string
  name: string
  description: string
  parent: string | null
  attributes: CategoryAttribute[]
}

const num = (key: string, label: string, unit: string, required = false): CategoryAttribute => ({
  key,
  label,
  unit,
  type: 'number',
  values: [],
  filterable: true,
  required,
})
const oneOf = (
  key: string,
  label: string,
  values: string[],
  required = false,
): CategoryAttribute => ({
  key,
  label,
  unit: null,
  type: 'enum',
  values,
  filterable: true,
  required,
})
const text = (key: string, label: string): CategoryAttribute => ({
  key,
  label,
  unit: null,
  type: 'text',
  values: [],
  filterable: false,
  required: false,
})

const MATERIALS = [
  'Chrome vanadium',
  'Carbon steel',
  'Stainless steel',
  'Stainless A2',
  'Zinc-plated steel',
  'Cast iron',
  'HSS',
  'HSS-Co',
  'Aluminium oxide',
  'Leather',
]

/**
 * The demo's category tree: top-level categories carry the attributes every tool in them has
 * (material), sub-categories their own (sizes, drives, threads).
 */
export const seedCategories: SeedCategory[] = [
  {
    slug: 'hand-tools',
    name: 'Hand tools',
    description: 'Wrenches, sockets, hammers, hex keys and files for the workshop and the field.',
    parent: null,
    attributes: [oneOf('material', 'Material', MATERIALS)],
  },
  {
    slug: 'wrenches',
    name: 'Wrenches',
    description: 'Combination, pipe and torque wrenches (spanners).',
    parent: 'hand-tools',
    attributes: [
      oneOf('wrench_type', 'Type', ['Combination', 'Pipe', 'Torque']),
      num('length', 'Length', 'mm'),
      text('fits', 'Fits'),
    ],
  },
  {
    slug: 'sockets',
    name: 'Sockets',
    description: 'Socket sets and single sockets by drive size.',
    parent: 'hand-tools',
    attributes: [
      oneOf('drive', 'Drive', ['1/4"', '3/8"', '1/2"']),
      num('pieces', 'Pieces', 'pcs'),
      text('fits', 'Fits'),
    ],
  },
  {
    slug: 'hammers',
    name: 'Hammers',
    description: 'Ball-peen, claw and sledge hammers.',
    parent: 'hand-tools',
    attributes: [num('head_weight', 'Head weight', 'g')],
  },
  {
    slug: 'hex-keys',
    name: 'Hex keys',
    description: 'L-shaped hex keys (Allen keys) in metric sizes.',
    parent: 'hand-tools',
    attributes: [
      num('size_min', 'Smallest size', 'mm'),
      num('size_max', 'Largest size', 'mm'),
      num('pieces', 'Pieces', 'pcs'),
      text('fits', 'Fits'),
    ],
  },
  {
    slug: 'files',
    name: 'Files',
    description: 'Flat, half-round and needle files.',
    parent: 'hand-tools',
    attributes: [
      num('pieces', 'Pieces', 'pcs'),
      oneOf('cut', 'Cut', ['Bastard', 'Second', 'Smooth']),
    ],
  },
  {
    slug: 'cutting-tools',
    name: 'Cutting tools',
    description: 'Drill bits, saws and snips.',
    parent: null,
    attributes: [oneOf('material', 'Material', MATERIALS)],
  },
  {
    slug: 'drill-bits',
    name: 'Drill bits',
    description: 'Twist drills in HSS and HSS-Co for steel, stainless and cast iron.',
    parent: 'cutting-tools',
    attributes: [num('diameter', 'Diameter', 'mm', true), num('length', 'Length', 'mm')],
  },
  {
    slug: 'saws-snips',
    name: 'Saws and snips',
    description: 'Hacksaws and aviation snips for sheet and bar.',
    parent: 'cutting-tools',
    attributes: [
      num('length', 'Length', 'mm'),
      oneOf('cut', 'Cut', ['Straight', 'Left', 'Right', 'Bi-metal blade']),
    ],
  },
  {
    slug: 'fasteners',
    name: 'Fasteners',
    description: 'Bolts, screws, nuts, washers and hinges, sold in packs.',
    parent: null,
    attributes: [oneOf('material', 'Material', MATERIALS), num('pack', 'Pack of', 'pcs')],
  },
  {
    slug: 'screws-bolts',
    name: 'Screws and bolts',
    description: 'Metric hex bolts and socket cap screws.',
    parent: 'fasteners',
    attributes: [
      oneOf('thread', 'Thread', ['M4', 'M5', 'M6', 'M8', 'M10', 'M12'], true),
      num('length', 'Length', 'mm', true),
      oneOf('head', 'Head', ['Hex', 'Socket cap', 'Countersunk']),
    ],
  },
  {
    slug: 'hinges',
    name: 'Hinges',
    description: 'Butt and strap hinges.',
    parent: 'fasteners',
    attributes: [num('length', 'Length', 'mm')],
  },
  {
    slug: 'measuring',
    name: 'Measuring',
    description: 'Calipers, micrometers and gauges.',
    parent: null,
    attributes: [
      num('range', 'Range', 'mm'),
      num('resolution', 'Resolution', 'mm'),
      oneOf('material', 'Material', MATERIALS),
    ],
  },
  {
    slug: 'workholding',
    name: 'Workholding',
    description: 'Vises and clamps that hold the work still.',
    parent: null,
    attributes: [oneOf('material', 'Material', MATERIALS)],
  },
  {
    slug: 'vises',
    name: 'Vises',
    description: 'Bench and machine vises.',
    parent: 'workholding',
    attributes: [num('jaw_width', 'Jaw width', 'mm'), oneOf('base', 'Base', ['Fixed', 'Swivel'])],
  },
  {
    slug: 'clamps',
    name: 'Clamps',
    description: 'Spring, F and C clamps.',
    parent: 'workholding',
    attributes: [num('opening', 'Largest opening', 'mm'), num('pieces', 'Pieces', 'pcs')],
  },
  {
    slug: 'power-tool-parts',
    name: 'Power-tool parts and accessories',
    description: 'Chucks, keys and spares for drills and grinders.',
    parent: null,
    attributes: [num('capacity', 'Capacity', 'mm'), text('thread', 'Mount')],
  },
  {
    slug: 'abrasives',
    name: 'Abrasives',
    description: 'Cutting and grinding discs, files and sheets.',
    parent: null,
    attributes: [
      num('diameter', 'Diameter', 'mm'),
      num('thickness', 'Thickness', 'mm'),
      oneOf('for_material', 'For', ['Steel', 'Stainless steel', 'Stone']),
      num('pack', 'Pack of', 'pcs'),
    ],
  },
  {
    slug: 'safety',
    name: 'Safety',
    description: 'Gloves, glasses and ear defenders.',
    parent: null,
    attributes: [oneOf('material', 'Material', MATERIALS), oneOf('size', 'Size', ['M', 'L', 'XL'])],
  },
]
