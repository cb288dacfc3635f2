import { toast } from '@/lib/toast'

import { messages } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useUsers } from '@/features/accounts/api/get-users'
import { useMakeAdmin } from '@/features/accounts/api/make-admin'
import { UsersTable } from '@/features/accounts/components/users-table'
import { ExportCsvButton } from '@/features/exports/components/export-csv-button'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.accounts

/** docs/product.md §2 All Users (admin): the count in the heading, Make Admin for non-admins. */
export function UsersRoute() {
  useDocumentTitle(messages.dashboard.allUsers)
  const users = useUsers()
  const makeAdmin = useMakeAdmin()

  const onMakeAdmin = (email: string) =>
    makeAdmin.mutate(email, {
      onSuccess: (answer) => {
        if (answer.modifiedCount > 0) toast.success(m.madeAdmin)
      },
      // docs/product.md §8: a 403 shows this toast; any other failure too.
      onError: () => toast.error(m.makeAdminFailed),
    })

  return (
    <div>
      <h2 className="section-title">
        {users.data ? m.usersCount(users.data.length) : messages.dashboard.allUsers}
      </h2>
      <div className="title-rule" />
      <div className="mt-4 mb-4">
        <ExportCsvButton kind="users" />
      </div>
      <QueryView query={users} failed={m.usersLoadFailed}>
        {(data) => (
          <UsersTable
            users={data}
            pendingEmail={makeAdmin.isPending ? (makeAdmin.variables ?? null) : null}
            onMakeAdmin={onMakeAdmin}
          />
        )}
      </QueryView>
    </div>
  )
}
