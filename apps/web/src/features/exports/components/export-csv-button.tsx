import { useState } from 'react'
import { toast } from '@/lib/toast'

import { csvWords } from '@toolworks/shared'

import { saveBlob } from '@/lib/fetch-file'
import { getErrorMessage } from '@/lib/get-error-message'

import { downloadCsv, type CsvKind } from '../api/download-csv'

const m = csvWords

type ExportCsvButtonProps = {
  kind: CsvKind
  /** Manage Orders' filters in force (status, q). */
  query?: Record<string, string | undefined>
}

/**
 * Export CSV: the server streams the file; it is fetched with the bearer token and
 * saved under the server's name. Busy while it comes; a failure offers Retry in its toast.
 */
export function ExportCsvButton({ kind, query }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false)

  async function run() {
    setBusy(true)
    try {
      const { blob, fileName } = await downloadCsv(kind, query)
      saveBlob(blob, fileName)
    } catch (error) {
      toast.error(
        ({ closeToast }) => (
          <div>
            <p>
              {m.exportFailed} {getErrorMessage(error)}
            </p>
            <button
              type="button"
              className="btn btn-sm mt-2"
              onClick={() => {
                closeToast()
                void run()
              }}
            >
              {m.retry}
            </button>
          </div>
        ),
        { autoClose: false },
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void run()}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {busy ? m.exporting : m.exportCsv}
    </button>
  )
}
