import type { z } from 'zod'

import { messages, type UserListItemSchema } from '@toolworks/shared'

const m = messages.accounts

type UserRow = z.infer<typeof UserListItemSchema>

type UsersTableProps = {
  users: UserRow[]
  pendingEmail: string | null
  onMakeAdmin: (email: string) => void
}

/** SPEC.md §2 All Users: emails newest first, Make Admin hidden for admins. */
export function UsersTable({ users, pendingEmail, onMakeAdmin }: UsersTableProps) {
  if (users.length === 0) return <p className="mt-6 text-base-content/70">{m.noUsers}</p>
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="table">
        <thead>
          <tr>
            <th>#</th>
            <th>{m.email}</th>
            <th>{m.name}</th>
            <th>{m.role}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => (
            <tr key={user._id}>
              <td>{index + 1}</td>
              <td className="break-all">{user.email}</td>
              <td>{user.name}</td>
              <td>
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
        </tbody>
      </table>
    </div>
  )
}
