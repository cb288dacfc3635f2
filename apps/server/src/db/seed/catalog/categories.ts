import type { CategoryAttribute } from '@toolworks/shared'

/** A demo category; `parent` is the parent's slug. */
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
  'Stainless A4',
  'Alloy steel 12.9',
  'Brass',
  'Tungsten carbide',
  'Chrome molybdenum',
  'S2 tool steel',
  'Aluminium',
  'Zirconia',
  'Ceramic',
  'Nitrile',
  'HPPE',
  'Polycarbonate',
  'Polypropylene',
  'ABS',
  'Graphite',
]

const THREADS = ['M3', 'M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16']

/**
 * The demo's category tree: top-level categories carry the attributes every tool in them has
 * (material), sub-categories their own (sizes, drives, threads). A key appears once along a
 * branch (sub-categories inherit their parent's attributes).
 */
export const seedCategories: SeedCategory[] = [
  {
    slug: 'hand-tools',
    name: 'Hand tools',
    description:
      'Wrenches, sockets, hammers, hex keys, screwdrivers, pliers and files for the workshop and the field.',
    parent: null,
    attributes: [
      oneOf('material', 'Material', MATERIALS),
      num('weight', 'Weight', 'g'),
      text('standard', 'Standard'),
    ],
  },
  {
    slug: 'wrenches',
    name: 'Wrenches',
    description: 'Combination, pipe and torque wrenches (spanners).',
    parent: 'hand-tools',
    attributes: [
      oneOf('wrench_type', 'Type', ['Combination', 'Ratcheting', 'Pipe', 'Torque', 'Adjustable']),
      num('size', 'Size', 'mm'),
      num('length', 'Length', 'mm'),
      num('pieces', 'Pieces', 'pcs'),
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
      num('size_min', 'Smallest size', 'mm'),
      num('size_max', 'Largest size', 'mm'),
      num('pieces', 'Pieces', 'pcs'),
      text('fits', 'Fits'),
    ],
  },
  {
    slug: 'hammers',
    name: 'Hammers',
    description: 'Ball-peen, claw, club and soft-face hammers.',
    parent: 'hand-tools',
    attributes: [
      num('head_weight', 'Head weight', 'g'),
      num('length', 'Length', 'mm'),
      oneOf('handle', 'Handle', ['Fibreglass', 'Hickory', 'Steel']),
    ],
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
    slug: 'screwdrivers',
    name: 'Screwdrivers',
    description:
      'Slotted, Phillips, Pozidriv and Torx screwdrivers (turnscrews), single and in sets.',
    parent: 'hand-tools',
    attributes: [
      oneOf('tip', 'Tip', ['Slotted', 'Phillips', 'Pozidriv', 'Torx', 'Mixed']),
      text('tip_size', 'Tip size'),
      num('blade_length', 'Blade length', 'mm'),
      num('pieces', 'Pieces', 'pcs'),
      oneOf('insulated', 'Insulated (VDE)', ['Yes', 'No']),
    ],
  },
  {
    slug: 'pliers',
    name: 'Pliers',
    description: 'Combination, long-nose, side-cutting, water-pump and locking pliers.',
    parent: 'hand-tools',
    attributes: [
      oneOf('plier_type', 'Type', [
        'Combination',
        'Long nose',
        'Side cutting',
        'Water pump',
        'Locking',
      ]),
      num('length', 'Length', 'mm'),
      num('capacity', 'Cuts wire up to', 'mm'),
      oneOf('insulated', 'Insulated (VDE)', ['Yes', 'No']),
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
      num('length', 'Length', 'mm'),
      oneOf('profile', 'Profile', ['Flat', 'Half-round', 'Round', 'Square', 'Needle set']),
    ],
  },
  {
    slug: 'cutting-tools',
    name: 'Cutting tools',
    description: 'Drill bits, taps and dies, hole saws, saws and snips.',
    parent: null,
    attributes: [
      oneOf('material', 'Material', MATERIALS),
      oneOf('finish', 'Finish', ['Bright', 'Black oxide', 'TiN', 'TiAlN', 'Powder-coated']),
      text('standard', 'Standard'),
    ],
  },
  {
    slug: 'drill-bits',
    name: 'Drill bits',
    description: 'Twist drills in HSS and HSS-Co for steel, stainless and cast iron.',
    parent: 'cutting-tools',
    attributes: [
      num('diameter', 'Diameter', 'mm', true),
      num('length', 'Length', 'mm'),
      num('flute_length', 'Flute length', 'mm'),
      num('point_angle', 'Point angle', '°'),
      oneOf('shank', 'Shank', ['Straight', 'Reduced', 'Hex']),
      num('pieces', 'Pieces', 'pcs'),
    ],
  },
  {
    slug: 'taps-dies',
    name: 'Taps and dies',
    description: 'Metric coarse thread taps and round dies, single and in sets.',
    parent: 'cutting-tools',
    attributes: [
      oneOf('thread', 'Thread', THREADS),
      num('pitch', 'Pitch', 'mm'),
      oneOf('tap_type', 'Type', ['Taper', 'Plug', 'Bottoming', 'Spiral point', 'Round die', 'Set']),
      num('pieces', 'Pieces', 'pcs'),
    ],
  },
  {
    slug: 'hole-saws',
    name: 'Hole saws',
    description: 'Bi-metal hole saws for steel, wood and plastics.',
    parent: 'cutting-tools',
    attributes: [
      num('diameter', 'Diameter', 'mm'),
      num('depth', 'Cutting depth', 'mm'),
      num('tpi', 'Teeth per inch', 'TPI'),
    ],
  },
  {
    slug: 'saws-snips',
    name: 'Saws and snips',
    description: 'Hacksaws and aviation snips for sheet and bar.',
    parent: 'cutting-tools',
    attributes: [
      num('length', 'Length', 'mm'),
      oneOf('cut', 'Cut', ['Straight', 'Left', 'Right', 'Bi-metal blade']),
      num('capacity', 'Cuts sheet up to', 'mm'),
      num('tpi', 'Teeth per inch', 'TPI'),
    ],
  },
  {
    slug: 'fasteners',
    name: 'Fasteners',
    description: 'Bolts, screws, nuts, washers and hinges, sold in packs.',
    parent: null,
    attributes: [
      oneOf('material', 'Material', MATERIALS),
      num('pack', 'Pack of', 'pcs'),
      text('standard', 'Standard'),
    ],
  },
  {
    slug: 'screws-bolts',
    name: 'Screws and bolts',
    description: 'Metric hex bolts and socket cap screws.',
    parent: 'fasteners',
    attributes: [
      oneOf('thread', 'Thread', THREADS, true),
      num('length', 'Length', 'mm', true),
      oneOf('head', 'Head', ['Hex', 'Socket cap', 'Countersunk', 'Button']),
      oneOf('grade', 'Grade', ['8.8', '10.9', '12.9', 'A2-70', 'A4-80']),
    ],
  },
  {
    slug: 'nuts-washers',
    name: 'Nuts and washers',
    description: 'Hex and nylon-insert lock nuts, flat and spring washers.',
    parent: 'fasteners',
    attributes: [
      oneOf('thread', 'Thread', THREADS, true),
      oneOf('nut_type', 'Type', [
        'Hex nut',
        'Nyloc nut',
        'Flange nut',
        'Flat washer',
        'Spring washer',
      ]),
      num('outer_diameter', 'Outside diameter', 'mm'),
      num('thickness', 'Thickness', 'mm'),
    ],
  },
  {
    slug: 'hinges',
    name: 'Hinges',
    description: 'Butt and strap hinges.',
    parent: 'fasteners',
    attributes: [
      num('length', 'Length', 'mm'),
      num('width', 'Open width', 'mm'),
      num('thickness', 'Leaf thickness', 'mm'),
    ],
  },
  {
    slug: 'measuring',
    name: 'Measuring',
    description: 'Calipers, micrometers, rules, tapes and gauges.',
    parent: null,
    attributes: [
      num('range', 'Range', 'mm'),
      num('resolution', 'Resolution', 'mm'),
      oneOf('material', 'Material', MATERIALS),
      num('accuracy', 'Accuracy', 'mm'),
      oneOf('reading', 'Reading', ['Vernier', 'Dial', 'Digital', 'Scale', 'Leaves']),
    ],
  },
  {
    slug: 'calipers',
    name: 'Calipers',
    description: 'Vernier, dial and digital calipers.',
    parent: 'measuring',
    attributes: [num('jaw_depth', 'Jaw depth', 'mm'), text('data_output', 'Data output')],
  },
  {
    slug: 'micrometers',
    name: 'Micrometers',
    description: 'Outside micrometers with ratchet stops.',
    parent: 'measuring',
    attributes: [num('spindle', 'Spindle diameter', 'mm'), text('anvil', 'Anvil faces')],
  },
  {
    slug: 'rules-tapes',
    name: 'Rules and tapes',
    description: 'Steel rules and tape measures.',
    parent: 'measuring',
    attributes: [num('width', 'Blade width', 'mm'), oneOf('class', 'EC class', ['I', 'II', 'III'])],
  },
  {
    slug: 'gauges',
    name: 'Gauges',
    description: 'Feeler, thread-pitch and dial gauges.',
    parent: 'measuring',
    attributes: [num('pieces', 'Pieces', 'pcs'), text('scale', 'Scale')],
  },
  {
    slug: 'workholding',
    name: 'Workholding',
    description: 'Vises and clamps that hold the work still.',
    parent: null,
    attributes: [oneOf('material', 'Material', MATERIALS), num('weight_kg', 'Weight', 'kg')],
  },
  {
    slug: 'vises',
    name: 'Vises',
    description: 'Bench and machine vises.',
    parent: 'workholding',
    attributes: [
      num('jaw_width', 'Jaw width', 'mm'),
      oneOf('base', 'Base', ['Fixed', 'Swivel']),
      num('opening', 'Largest opening', 'mm'),
      oneOf('vise_type', 'Type', ['Bench', 'Machine', 'Drill press']),
    ],
  },
  {
    slug: 'clamps',
    name: 'Clamps',
    description: 'Spring, F, G and toggle clamps.',
    parent: 'workholding',
    attributes: [
      num('opening', 'Largest opening', 'mm'),
      num('pieces', 'Pieces', 'pcs'),
      num('throat', 'Throat depth', 'mm'),
      oneOf('clamp_type', 'Type', ['Spring', 'F clamp', 'G clamp', 'Quick-release bar', 'Toggle']),
      num('force', 'Clamping force', 'N'),
    ],
  },
  {
    slug: 'power-tool-parts',
    name: 'Power-tool parts and accessories',
    description: 'Chucks, driver bits, carbon brushes and spares for drills and grinders.',
    parent: null,
    attributes: [
      num('capacity', 'Capacity', 'mm'),
      text('thread', 'Mount'),
      oneOf('fits_tool', 'For', [
        'Drill',
        'Impact driver',
        'Angle grinder',
        'Rotary hammer',
        'Any',
      ]),
      num('weight', 'Weight', 'g'),
      oneOf('material', 'Material', MATERIALS),
    ],
  },
  {
    slug: 'chucks',
    name: 'Chucks and adaptors',
    description: 'Keyed and keyless drill chucks, chuck keys and SDS adaptors.',
    parent: 'power-tool-parts',
    attributes: [
      oneOf('chuck_type', 'Type', ['Keyless', 'Keyed', 'SDS-plus adaptor', 'Chuck key']),
    ],
  },
  {
    slug: 'driver-bits',
    name: 'Driver bits',
    description: 'Impact-rated 1/4" hex screwdriver bits and bit sets.',
    parent: 'power-tool-parts',
    attributes: [
      oneOf('tip', 'Tip', ['Phillips', 'Pozidriv', 'Torx', 'Hex', 'Slotted', 'Mixed']),
      text('tip_size', 'Tip size'),
      num('length', 'Length', 'mm'),
      num('pieces', 'Pieces', 'pcs'),
    ],
  },
  {
    slug: 'carbon-brushes',
    name: 'Carbon brushes',
    description: 'Replacement carbon brushes for drill and grinder motors, in pairs.',
    parent: 'power-tool-parts',
    attributes: [text('dimensions', 'Dimensions'), oneOf('cut_off', 'Auto cut-off', ['Yes', 'No'])],
  },
  {
    slug: 'abrasives',
    name: 'Abrasives',
    description: 'Cutting and grinding discs, flap discs and sanding sheets.',
    parent: null,
    attributes: [
      num('diameter', 'Diameter', 'mm'),
      num('thickness', 'Thickness', 'mm'),
      oneOf('for_material', 'For', ['Steel', 'Stainless steel', 'Stone', 'Wood', 'Aluminium']),
      num('pack', 'Pack of', 'pcs'),
      num('bore', 'Bore', 'mm'),
      num('grit', 'Grit', 'P'),
    ],
  },
  {
    slug: 'cutting-discs',
    name: 'Cutting discs',
    description: 'Thin reinforced cutting discs for angle grinders.',
    parent: 'abrasives',
    attributes: [num('max_rpm', 'Top speed', 'rpm')],
  },
  {
    slug: 'flap-discs',
    name: 'Flap discs',
    description: 'Zirconia and ceramic flap discs for grinding and blending.',
    parent: 'abrasives',
    attributes: [
      oneOf('grain', 'Grain', ['Zirconia', 'Ceramic', 'Aluminium oxide']),
      oneOf('shape', 'Shape', ['Flat', 'Conical']),
    ],
  },
  {
    slug: 'sanding-sheets',
    name: 'Sanding sheets',
    description: 'Cloth- and paper-backed abrasive sheets.',
    parent: 'abrasives',
    attributes: [
      text('sheet_size', 'Sheet size'),
      oneOf('backing', 'Backing', ['Paper', 'Cloth', 'Film']),
    ],
  },
  {
    slug: 'safety',
    name: 'Safety',
    description: 'Gloves, glasses and hearing protection.',
    parent: null,
    attributes: [
      oneOf('material', 'Material', MATERIALS),
      oneOf('size', 'Size', ['S', 'M', 'L', 'XL', 'One size']),
      text('standard', 'Standard'),
      oneOf('colour', 'Colour', ['Orange', 'Yellow', 'Grey', 'Black', 'Blue', 'Clear', 'Smoke']),
      num('pack', 'Pack of', 'pcs'),
    ],
  },
  {
    slug: 'gloves',
    name: 'Gloves',
    description: 'Work, cut-resistant, chemical and welding gloves.',
    parent: 'safety',
    attributes: [oneOf('cut_level', 'Cut level (EN 388)', ['A', 'B', 'C', 'D', 'E', 'F'])],
  },
  {
    slug: 'eye-protection',
    name: 'Eye protection',
    description: 'Safety glasses and goggles.',
    parent: 'safety',
    attributes: [oneOf('lens', 'Lens', ['Clear', 'Smoke', 'Amber']), text('coating', 'Coating')],
  },
  {
    slug: 'hearing-protection',
    name: 'Hearing protection',
    description: 'Ear defenders and ear plugs.',
    parent: 'safety',
    attributes: [num('snr', 'SNR', 'dB')],
  },
]
