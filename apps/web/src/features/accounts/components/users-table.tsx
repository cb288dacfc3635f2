import type { z } from 'zod'

import { messages, type UserListItemSchema } from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'

const m = messages.accounts

type UserRow = z.infer<typeof UserListItemSchema>

type UsersTableProps = {
  users: UserRow[]
  pendingEmail: string | null
  onMakeAdmin: (email: string) => void
}

/** docs/product.md §2 All Users: emails newest first, Make Admin hidden for admins. */
export function UsersTable({ users, pendingEmail, onMakeAdmin }: UsersTableProps) {
  return (
    <DataTable
      headings={['#', m.email, m.name, m.role]}
      emptyText={m.noUsers}
      isEmpty={users.length === 0}
    >
      {users.map((user, index) => (
        <tr key={user._id}>
          <td data-label="#">{index + 1}</td>
          <td data-label={m.email} className="break-all">
            {user.email}
          </td>
          <td data-label={m.name}>{user.name}</td>
          <td data-label={m.role}>
            {user.role === 'admin' ? (
              <span className="badge badge-neutral">{m.adminRole}</span>
            ) : (
              <button
                type="button"
                className="btn btn-primary btn-xs"
                disabled={pendingEmail !== null}
                aria-label={`${m.makeAdmin}: ${user.email}`}
                onClick={() => onMakeAdmin(user.email)}
              >
                {m.makeAdmin}
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
