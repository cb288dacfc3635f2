import { useId, type FormEvent } from 'react'

import { catalogAdminWords as w, SynonymsSchema } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useSaveSynonyms, useSynonyms } from '@/features/search/api/synonyms'
import { synonymsToText, textToSynonyms } from '@/features/search/utils/synonyms-text'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'

/** Admin only: the search's synonym groups, one a line. */
export function SynonymsRoute() {
  useDocumentTitle(w.synonymsTitle)
  const list = useSynonyms()
  const save = useSaveSynonyms()
  const fieldId = useId()
  const helpId = useId()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const raw = new FormData(event.currentTarget).get('synonyms')
    const text = typeof raw === 'string' ? raw : ''
    const parsed = SynonymsSchema.safeParse(textToSynonyms(text))
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? w.saveFailed)
      return
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(w.synonymsSaved),
      onError: (error) => toast.error(getErrorMessage(error)),
    })
  }

  return (
    <div>
      <h2 className="section-title">{w.synonymsTitle}</h2>
      <div className="title-rule" />
      <QueryView query={list} failed={w.saveFailed}>
        {(groups) => (
          <form onSubmit={submit} className="mt-4 space-y-3">
            <label htmlFor={fieldId} className="font-medium">
              {w.synonymsTitle}
            </label>
            <p id={helpId} className="text-sm text-base-content/80">
              {w.synonymsHelp}
            </p>
            <textarea
              id={fieldId}
              name="synonyms"
              aria-describedby={helpId}
              rows={Math.min(30, groups.length + 4)}
              defaultValue={synonymsToText(groups)}
              className="textarea w-full font-mono"
            />
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending && <span className="loading loading-spinner loading-sm" />}
              {w.save}
            </button>
          </form>
        )}
      </QueryView>
    </div>
  )
}
