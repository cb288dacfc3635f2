import type { ReactNode } from 'react'

import { messages } from '@toolworks/shared'

import { CardTable } from '@/components/ui/data-table'

const m = messages.cart

/** The cart's table: its headings, the `CartLineRow`s as children; cards on a phone. */
export function CartLinesTable({ children }: { children: ReactNode }) {
  return (
    <CardTable className="">
      <caption className="sr-only">{m.title}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">{m.image}</span>
          </th>
          <th scope="col">{m.name}</th>
          <th scope="col">{m.quantity}</th>
          <th scope="col">{m.unitPrice}</th>
          <th scope="col">{m.lineTotal}</th>
          <th scope="col">
            <span className="sr-only">{m.remove}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </CardTable>
  )
}
