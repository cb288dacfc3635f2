import { messages, type ContactMessage } from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'

const m = messages.contact

const received = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** The admin's Messages table, newest first (the server's order). Text only: React escapes it. */
export function ContactMessagesTable({ list }: { list: ContactMessage[] }) {
  return (
    <DataTable
      headings={['#', m.received, m.from, m.message]}
      emptyText={m.noMessages}
      isEmpty={list.length === 0}
    >
      {list.map((item, index) => (
        <tr key={item._id} className="align-top">
          <td>{index + 1}</td>
          <td className="whitespace-nowrap">
            <time dateTime={item.createdAt}>{received.format(new Date(item.createdAt))}</time>
          </td>
          <td>
            <p className="font-semibold">{item.name}</p>
            <p className="break-all text-base-content/75">{item.email}</p>
          </td>
          <td className="max-w-xl min-w-56 break-words whitespace-pre-wrap">{item.message}</td>
        </tr>
      ))}
    </DataTable>
  )
}
