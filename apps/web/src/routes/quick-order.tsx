import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'

import {
  QUICK_ORDER_LINES_MAX,
  QUICK_ORDER_TEXT_MAX,
  quickOrderMessages as qm,
  type QuickOrderRefusal,
} from '@toolworks/shared'

import { refusedLines, useQuickOrder } from '@/features/cart/api/quick-order'
import {
  applySuggestion,
  csvToQuickOrderText,
  SAMPLE_CSV,
  SAMPLE_CSV_NAME,
} from '@/features/cart/utils/quick-order-text'
import { useSession } from '@/lib/auth'
import { saveBlob } from '@/lib/fetch-file'
import { getErrorMessage } from '@/lib/get-error-message'
import { paths } from '@/lib/paths'
import { toast } from '@/lib/toast'
import { useDocumentTitle } from '@/lib/use-document-title'

/** What a refusal's Fix button says it will do. */
const fixLabel = (r: QuickOrderRefusal) => `${qm.fix}: ${String(r.suggestion)}`

/** The refused lines, each with its reason and, when the server has one, a one-click fix. */
function RefusedLines({
  refusals,
  onFix,
}: {
  refusals: QuickOrderRefusal[]
  onFix: (refusal: QuickOrderRefusal) => void
}) {
  return (
    <div role="alert" className="space-y-3">
      <p className="alert alert-error alert-soft">{qm.refused}</p>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{qm.lineHeading}</th>
              <th scope="col">{qm.partHeading}</th>
              <th scope="col">{qm.reasonHeading}</th>
              <th scope="col">
                <span className="sr-only">{qm.fix}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {refusals.map((r) => (
              <tr key={`${r.line}-${r.kind}`} data-testid="refused-line">
                <td>{r.line}</td>
                <td className="font-mono break-all">{r.partNumber}</td>
                <td>{r.reason}</td>
                <td>
                  {r.suggestion !== null && (
                    <button
                      type="button"
                      className="btn btn-outline btn-xs"
                      aria-label={`${fixLabel(r)} (${qm.lineHeading.toLowerCase()} ${r.line})`}
                      onClick={() => onFix(r)}
                    >
                      {fixLabel(r)}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/**
 * Quick order: paste lines of `PART-NUMBER quantity` or upload a CSV; every line is
 * checked at once by the server, each bad one shown with why and a fix, and all are added to
 * the cart or none.
 */
export function QuickOrderRoute() {
  useDocumentTitle(qm.title)
  const session = useSession()
  const navigate = useNavigate()
  const quick = useQuickOrder(session.user?.email ?? '')
  const [text, setText] = useState('')
  const [refusals, setRefusals] = useState<QuickOrderRefusal[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const textId = useId()
  const fileId = useId()
  const hintId = useId()

  const edit = (next: string) => {
    setText(next)
    setProblem(null)
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    try {
      const lines = csvToQuickOrderText(await file.text())
      if (lines === '') setProblem(qm.csvEmpty)
      else {
        setText(lines)
        setRefusals([])
        setProblem(null)
      }
    } catch {
      setProblem(qm.csvUnreadable)
    }
  }

  const onFix = (refusal: QuickOrderRefusal) => {
    setText((current) => applySuggestion(current, refusal))
    setRefusals((current) => current.filter((r) => r !== refusal))
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() === '') {
      setProblem(qm.empty)
      return
    }
    try {
      await quick.add(text)
      setRefusals([])
      const added = text.split('\n').filter((l) => l.trim() !== '').length
      toast.success(qm.added(added))
      void navigate(paths.cart())
    } catch (error) {
      const lines = refusedLines(error)
      if (lines) {
        setRefusals(lines)
        setProblem(null)
      } else {
        setRefusals([])
        setProblem(getErrorMessage(error))
      }
    }
  }

  return (
    <div className="page-container py-12">
      <h1 className="page-title">{qm.title}</h1>
      <div className="title-rule mb-8" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          <p id={hintId} className="text-base-content/80">
            {qm.intro}
          </p>
          <div className="space-y-1">
            <label htmlFor={textId} className="font-semibold">
              {qm.textLabel}
            </label>
            <textarea
              id={textId}
              name="text"
              className="textarea w-full font-mono"
              rows={10}
              maxLength={QUICK_ORDER_TEXT_MAX}
              placeholder={qm.placeholder}
              aria-describedby={hintId}
              aria-invalid={problem !== null || refusals.length > 0 ? true : undefined}
              spellCheck={false}
              value={text}
              onChange={(e) => edit(e.target.value)}
            />
            <p className="text-xs text-base-content/70">{qm.tooManyLines(QUICK_ORDER_LINES_MAX)}</p>
          </div>
          {problem !== null && (
            <p role="alert" className="text-error">
              {problem}
            </p>
          )}
          {refusals.length > 0 && <RefusedLines refusals={refusals} onFix={onFix} />}
          <button type="submit" className="btn btn-primary" disabled={quick.isPending}>
            {quick.isPending && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            {quick.isPending ? qm.adding : qm.check}
          </button>
        </form>
        <aside className="space-y-4">
          <div className="space-y-1">
            <label htmlFor={fileId} className="font-semibold">
              {qm.upload}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="file-input w-full"
              onChange={(e) => void onFile(e)}
            />
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => saveBlob(new Blob([SAMPLE_CSV], { type: 'text/csv' }), SAMPLE_CSV_NAME)}
          >
            {qm.sample}
          </button>
          <p>
            <Link to={paths.cart()} className="link">
              {qm.toCart}
            </Link>
          </p>
        </aside>
      </div>
    </div>
  )
}
