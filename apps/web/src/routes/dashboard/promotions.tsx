import { useState } from 'react'
import { toast } from '@/lib/toast'

import { messages, shopDate, type Promotion } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useDeletePromotion } from '@/features/promotions/api/delete-promotion'
import { useAllPromotions } from '@/features/promotions/api/get-all-promotions'
import { AddPromotionForm } from '@/features/promotions/components/add-promotion-form'
import { EditPromotionDialog } from '@/features/promotions/components/edit-promotion-dialog'
import { PromotionsTable } from '@/features/promotions/components/promotions-table'
import { getErrorMessage } from '@/lib/get-error-message'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.promotions

/** Admin only: the home page's promotions, added, edited and deleted here. */
export function PromotionsRoute() {
  useDocumentTitle(m.title)
  const list = useAllPromotions()
  const remove = useDeletePromotion()
  const [editing, setEditing] = useState<Promotion | null>(null)

  const onDelete = (promotion: Promotion) => {
    if (!window.confirm(m.deleteConfirm)) return
    remove.mutate(promotion.id, {
      onSuccess: () => toast.success(m.deleted),
      onError: (error) => toast.error(`${m.deleteFailed} ${getErrorMessage(error)}`),
    })
  }

  return (
    <div>
      <h2 className="section-title">{list.data ? m.count(list.data.length) : m.title}</h2>
      <div className="title-rule" />
      <QueryView query={list} failed={m.loadFailed}>
        {(data) => (
          <PromotionsTable
            promotions={data}
            today={shopDate(new Date())}
            pendingId={remove.isPending ? remove.variables : null}
            onEdit={setEditing}
            onDelete={onDelete}
          />
        )}
      </QueryView>
      <section aria-labelledby="add-promotion-title" className="mt-10">
        <h3 id="add-promotion-title" className="text-xl font-bold">
          {m.addTitle}
        </h3>
        <div className="mt-4">
          <AddPromotionForm />
        </div>
      </section>
      {editing && (
        <EditPromotionDialog
          key={editing.id}
          promotion={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  )
}
