import { productPageWords as w, type CategoryAttribute, type Specs } from '@toolworks/shared'

import { withUnit } from '../utils/category-path'

type SpecTableProps = {
  specs: Specs
  /** The category's attributes (inherited first): their labels, units and order. */
  attributes: readonly CategoryAttribute[]
}

/** The tool's specifications with units, in the category's order; unknown keys last. */
export function SpecTable({ specs, attributes }: SpecTableProps) {
  const known = new Set(attributes.map((a) => a.key))
  const rows = [
    ...attributes
      .filter((a) => a.key in specs)
      .map((a) => ({ key: a.key, label: a.label, unit: a.unit })),
    ...Object.keys(specs)
      .filter((key) => !known.has(key))
      .map((key) => ({ key, label: key, unit: null })),
  ]
  if (rows.length === 0) return null
  return (
    <table className="table" data-testid="spec-table">
      <caption className="mb-2 text-left text-xl font-bold">{w.specifications}</caption>
      <thead>
        <tr>
          <th scope="col">{w.specification}</th>
          <th scope="col">{w.value}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-medium">
              {row.label}
            </th>
            <td>{withUnit(specs[row.key] ?? '', row.unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
