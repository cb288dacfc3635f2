import { useEffect, useId, useRef, useState } from 'react'
import { toast } from '@/lib/toast'

import { csvWords, type ImportPreview } from '@toolworks/shared'

import { getErrorMessage } from '@/lib/get-error-message'

import { useImportProducts, usePreviewImport } from '../api/import-products'

const m = csvWords

const BADGE = { new: 'badge-success', update: 'badge-info', error: 'badge-error' } as const

/** The preview: each row with its action, the reason of an error and its main values. */
function PreviewTable({ preview }: { preview: ImportPreview }) {
  const c = m.columns
  return (
    <div className="max-h-96 overflow-auto">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{c.row}</th>
            <th scope="col">{c.action}</th>
            <th scope="col">{c.name}</th>
            <th scope="col">{c.price}</th>
            <th scope="col">{c.quantity}</th>
            <th scope="col">{c.minimum}</th>
            <th scope="col">{c.reason}</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row}>
              <td>{row.row}</td>
              <td>
                <span className={`badge ${BADGE[row.action]}`}>{m.actionLabels[row.action]}</span>
              </td>
              <td>{row.name}</td>
              <td>{row.price}</td>
              <td>{row.quantity}</td>
              <td>{row.minimum}</td>
              <td className="text-error">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * Import CSV: choose a file, see each row as new, update or error, then confirm.
 * Nothing is written before Confirm import, which stays disabled while any row is an error.
 */
export function ImportCsvDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  const preview = usePreviewImport()
  const run = useImportProducts()

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null)
    run.reset()
    if (chosen) preview.mutate(chosen)
    else preview.reset()
  }

  const confirm = () => {
    if (!file) return
    run.mutate(file, {
      onSuccess: (result) => {
        toast.success(m.imported(result.created, result.updated))
        dialog.current?.close()
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    })
  }

  const errors = preview.data?.counts.error ?? 0
  const ready = preview.isSuccess && errors === 0 && preview.data.rows.length > 0

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-4xl">
        <h3 id={titleId} className="text-lg font-bold">
          {m.importTitle}
        </h3>
        <p className="mt-2 text-sm">{m.importHelp}</p>
        <label htmlFor={inputId} className="label mt-4 mb-1 block font-semibold">
          {m.chooseFile}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.zip,text/csv,application/zip"
          className="file-input file-input-bordered w-full"
          disabled={run.isPending}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div aria-live="polite" className="mt-4">
          {preview.isPending && <p>{m.checking}</p>}
          {preview.isError && (
            <p role="alert" className="text-error">
              {getErrorMessage(preview.error)}
            </p>
          )}
          {preview.isSuccess && (
            <>
              <p className="mb-2 font-semibold">
                {m.preview}: {m.previewCounts(preview.data.counts)}
              </p>
              {errors > 0 && (
                <p role="alert" className="text-error mb-2">
                  {m.rowsWithErrors(errors)}
                </p>
              )}
              <PreviewTable preview={preview.data} />
            </>
          )}
        </div>
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => dialog.current?.close()}>
            {m.cancel}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || run.isPending}
            onClick={confirm}
          >
            {run.isPending ? m.importing : m.confirmImport}
          </button>
        </div>
      </div>
    </dialog>
  )
}

/** The Import CSV button of Manage Products, with its dialog. */
export function ImportCsvButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {m.importCsv}
      </button>
      {open && <ImportCsvDialog onClose={() => setOpen(false)} />}
    </>
  )
}
