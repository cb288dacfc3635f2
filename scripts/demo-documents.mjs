// Writes the demo catalogue's documents into apps/web/public/docs: small datasheets,
// certificates and manuals as PDFs, a STEP model and a DXF drawing. The files are committed;
// run `node scripts/demo-documents.mjs` again only to change them. Deterministic: a fixed
// creation date, so the same script writes the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import PDFDocument from 'pdfkit'

const out = fileURLToPath(new URL('../apps/web/public/docs/', import.meta.url))
mkdirSync(out, { recursive: true })
const DATE = new Date('2026-01-15T00:00:00Z')

/** A one-page A4 PDF: a title, paragraphs and an optional table. */
function pdf(file, { title, lines, table }) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: title, Author: 'Toolworks', CreationDate: DATE, ModDate: DATE },
    })
    const chunks = []
    doc.on('data', (c) => chunks.push(c))
    doc.on('error', reject)
    doc.on('end', () => {
      writeFileSync(path.join(out, file), Buffer.concat(chunks))
      resolve()
    })
    doc.font('Helvetica-Bold').fontSize(18).text('Toolworks', { continued: false })
    doc.moveDown(0.3).fontSize(14).text(title)
    doc.moveDown().font('Helvetica').fontSize(10)
    for (const line of lines) doc.text(line).moveDown(0.4)
    if (table) {
      doc.moveDown(0.5)
      const [head, ...rows] = table
      const width = (doc.page.width - 112) / head.length
      const row = (cells, bold) => {
        const y = doc.y
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica')
        cells.forEach((c, i) => doc.text(String(c), 56 + i * width, y, { width, lineBreak: false }))
        doc.x = 56
        doc.y = y + 14
      }
      row(head, true)
      for (const r of rows) row(r, false)
    }
    doc.end()
  })
}

const din338 = [
  [1, 34, 12],
  [2, 49, 24],
  [3, 61, 33],
  [4, 75, 43],
  [5, 86, 52],
  [6, 93, 57],
  [6.8, 109, 69],
  [8, 117, 75],
  [8.5, 117, 75],
  [10, 133, 87],
  [10.2, 133, 87],
  [12, 151, 101],
  [13, 151, 101],
]

await pdf('tw-din338-hss-datasheet.pdf', {
  title: 'HSS twist drills, DIN 338 (part numbers TW-DB-338-...)',
  lines: [
    'Ground high-speed steel jobber drills, black-oxide finish, right-hand helix, 118° point.',
    'For unalloyed and alloyed steel up to 900 N/mm², cast iron, copper, brass and plastics.',
    'Cutting speed in steel: 25-35 m/min with coolant. Tolerance on diameter: h8.',
  ],
  table: [['Diameter (mm)', 'Overall length (mm)', 'Flute length (mm)'], ...din338],
})
await pdf('tw-din338-hssco-datasheet.pdf', {
  title: 'HSS-Co twist drills, DIN 338 (part numbers TW-DB-338C-...)',
  lines: [
    'Ground 5% cobalt high-speed steel jobber drills, 135° split point, bright finish.',
    'For stainless steel, heat-resistant steel, cast iron and alloys up to 1100 N/mm².',
    'Cutting speed in stainless steel: 8-12 m/min with coolant. Tolerance on diameter: h8.',
  ],
  table: [['Diameter (mm)', 'Overall length (mm)', 'Flute length (mm)'], ...din338],
})
await pdf('tw-calipers-datasheet.pdf', {
  title: 'Calipers, vernier, dial and digital (DIN 862)',
  lines: [
    'Hardened stainless steel, lapped measuring faces, outside, inside, depth and step measurement.',
    'Digital models: 0.01 mm resolution, USB data output, IP54, SR44 battery.',
  ],
  table: [
    ['Part number', 'Range (mm)', 'Resolution (mm)', 'Accuracy (mm)'],
    ['TW-MS-VC150', '0-150', '0.02', '0.03'],
    ['TW-MS-VC200', '0-200', '0.02', '0.03'],
    ['TW-MS-DC150', '0-150', '0.01', '0.03'],
    ['TW-MS-DC300', '0-300', '0.01', '0.04'],
  ],
})
await pdf('tw-caliper-calibration-certificate.pdf', {
  title: 'Calibration certificate (specimen)',
  lines: [
    'The instrument was checked against gauge blocks of grade 1 (ISO 3650) traceable to national standards.',
    'Ambient temperature 20 °C ± 1 °C. Each caliper ships with its own numbered certificate.',
  ],
  table: [
    ['Nominal (mm)', 'Reading (mm)', 'Deviation (mm)', 'Limit (mm)'],
    ['10.00', '10.00', '0.00', '±0.03'],
    ['50.00', '50.01', '+0.01', '±0.03'],
    ['100.00', '100.01', '+0.01', '±0.03'],
    ['150.00', '149.99', '-0.01', '±0.03'],
  ],
})
await pdf('tw-iso4762-datasheet.pdf', {
  title: 'Socket head cap screws, ISO 4762 (TW-FS, TW-FK)',
  lines: [
    'Metric coarse thread, 6g. A2-70 stainless (TW-FS), 12.9 black oxide (TW-FK).',
    'Tightening torques for oiled threads, friction 0.14.',
  ],
  table: [
    ['Thread', 'Head dia. (mm)', 'Hex key (mm)', 'Torque A2-70 (N·m)', 'Torque 12.9 (N·m)'],
    ['M4', '7', '3', '2.6', '5.1'],
    ['M5', '8.5', '4', '5.1', '10'],
    ['M6', '10', '5', '8.8', '17'],
    ['M8', '13', '6', '21', '41'],
    ['M10', '16', '8', '42', '83'],
    ['M12', '18', '10', '72', '145'],
  ],
})
await pdf('tw-bench-vise-manual.pdf', {
  title: 'Bench vise, installation and care',
  lines: [
    '1. Bolt the vise to the bench with four M12 bolts, the fixed jaw just past the bench edge.',
    '2. Never extend the handle with a tube and never hammer on the handle.',
    '3. Keep the spindle clean and lightly oiled; grease the slide every three months.',
    '4. The swivel base locks with the two clamping levers; release both before turning.',
  ],
})
await pdf('tw-torque-wrench-certificate.pdf', {
  title: 'ISO 6789 calibration certificate (specimen)',
  lines: [
    'Click torque wrench type II class A, checked at 20, 60 and 100 % of its range, clockwise.',
    'Permissible deviation ±4 %. Recalibrate after 5,000 cycles or 12 months.',
  ],
  table: [
    ['Set (N·m)', 'Measured (N·m)', 'Deviation (%)'],
    ['42', '42.6', '+1.4'],
    ['126', '125.1', '-0.7'],
    ['210', '212.3', '+1.1'],
  ],
})
await pdf('tw-torque-wrench-manual.pdf', {
  title: 'Click torque wrench, manual',
  lines: [
    '1. Unlock the handle, turn it to the torque you need on the main and fine scales, lock it.',
    '2. Pull slowly and steadily at the handle centre until the wrench clicks; stop at once.',
    '3. Store the wrench at its lowest setting. Never use it to loosen fasteners.',
  ],
})

// A STEP model (ISO 10303-21) of an M8 × 30 socket cap screw, as two cylinders.
writeFileSync(
  path.join(out, 'tw-fs-m830a2.step'),
  `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('Toolworks TW-FS-M830A2 socket cap screw M8 x 30, ISO 4762'),'2;1');
FILE_NAME('tw-fs-m830a2.step','2026-01-15T00:00:00',('Toolworks'),('Toolworks'),'','','');
FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));
ENDSEC;
DATA;
#1=CARTESIAN_POINT('',(0.,0.,0.));
#2=DIRECTION('',(0.,0.,1.));
#3=DIRECTION('',(1.,0.,0.));
#4=AXIS2_PLACEMENT_3D('',#1,#2,#3);
#5=CYLINDRICAL_SURFACE('head',#4,6.5);
#6=CARTESIAN_POINT('',(0.,0.,-30.));
#7=AXIS2_PLACEMENT_3D('',#6,#2,#3);
#8=CYLINDRICAL_SURFACE('shank',#7,4.);
#9=PRODUCT('TW-FS-M830A2','Socket cap screw M8 x 30 A2','',(#10));
#10=PRODUCT_CONTEXT('',#11,'mechanical');
#11=APPLICATION_CONTEXT('automotive design');
ENDSEC;
END-ISO-10303-21;
`,
)

// A DXF drawing (R12, ASCII) of the 100 mm butt hinge's open outline.
const lines = [
  [0, 0, 75, 0],
  [75, 0, 75, 100],
  [75, 100, 0, 100],
  [0, 100, 0, 0],
  [37.5, 0, 37.5, 100],
]
writeFileSync(
  path.join(out, 'tw-fh-bh100.dxf'),
  [
    '0',
    'SECTION',
    '2',
    'HEADER',
    '9',
    '$INSUNITS',
    '70',
    '4',
    '0',
    'ENDSEC',
    '0',
    'SECTION',
    '2',
    'ENTITIES',
    ...lines.flatMap(([x1, y1, x2, y2]) => [
      '0',
      'LINE',
      '8',
      'OUTLINE',
      '10',
      String(x1),
      '20',
      String(y1),
      '11',
      String(x2),
      '21',
      String(y2),
    ]),
    ...[16, 50, 84].flatMap((y) =>
      [18, 57].flatMap((x) => [
        '0',
        'CIRCLE',
        '8',
        'HOLES',
        '10',
        String(x),
        '20',
        String(y),
        '40',
        '2.5',
      ]),
    ),
    '0',
    'ENDSEC',
    '0',
    'EOF',
    '',
  ].join('\n'),
)
process.stdout.write(`Wrote the demo documents to ${out}\n`)
