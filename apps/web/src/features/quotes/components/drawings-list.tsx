import { lazy, Suspense, useEffect, useState } from 'react'

import {
  QUOTE_DRAWING_KINDS,
  QUOTE_PREVIEW_KINDS,
  type QuoteDrawing,
  quoteWords,
} from '@toolworks/shared'

import { saveBlob } from '@/lib/fetch-file'

import { fetchDrawing } from '../api/download-drawing'
import { formatFileSize } from './quote-format'

const StlPreview = lazy(() => import('./stl-preview'))

const m = quoteWords

type Preview = { drawing: QuoteDrawing; blob: Blob; url: string }

function PreviewPane({ preview }: { preview: Preview }) {
  const { drawing, blob, url } = preview
  const label = m.preview(drawing.name)
  if (drawing.kind === 'stl')
    return (
      <Suspense fallback={<span className="loading loading-spinner" aria-hidden="true" />}>
        <StlPreview blob={blob} label={label} />
      </Suspense>
    )
  if (drawing.kind === 'pdf')
    return (
      <div className="space-y-2">
        <iframe
          src={url}
          title={label}
          className="h-[32rem] w-full rounded-box border border-base-300"
        />
        {/* A page whose policy forbids frames still opens the file in its own tab. */}
        <a href={url} target="_blank" rel="noreferrer" className="link text-sm">
          {drawing.name}
        </a>
      </div>
    )
  return (
    <img
      src={url}
      alt={label}
      className="max-h-[32rem] max-w-full rounded-box border border-base-300"
    />
  )
}

/**
 * The drawings of a request: name, kind, size, Download, and a preview in place for images,
 * PDF and STL. Files are private, so each is fetched with the bearer token and shown through an
 * object URL, never linked directly.
 */
export function DrawingsList({ quoteId, drawings }: { quoteId: string; drawings: QuoteDrawing[] }) {
  const [busy, setBusy] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url)
    },
    [preview],
  )

  const run = async (drawing: QuoteDrawing, then: (file: { blob: Blob; name: string }) => void) => {
    setBusy(drawing._id)
    setFailed(null)
    try {
      then(await fetchDrawing(quoteId, drawing))
    } catch {
      setFailed(drawing._id)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="quote-drawings">
      <h3 id="quote-drawings" className="text-lg font-semibold">
        {m.drawings}
      </h3>
      {drawings.length === 0 ? (
        <p className="mt-2 text-base-content/70">{m.noDrawings}</p>
      ) : (
        <ul className="mt-2 divide-y divide-base-300">
          {drawings.map((drawing) => (
            <li key={drawing._id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="font-medium break-all">{drawing.name}</span>
              <span className="badge badge-ghost">{QUOTE_DRAWING_KINDS[drawing.kind].label}</span>
              <span className="text-sm text-base-content/70">{formatFileSize(drawing.size)}</span>
              <span className="ml-auto flex gap-2">
                <button
                  type="button"
                  className="btn btn-xs"
                  aria-label={m.download(drawing.name)}
                  disabled={busy === drawing._id}
                  // Saved under the name the server gave with the file, never one made here.
                  onClick={() => void run(drawing, (file) => saveBlob(file.blob, file.name))}
                >
                  {m.downloadButton}
                </button>
                {QUOTE_PREVIEW_KINDS.includes(drawing.kind) && (
                  <button
                    type="button"
                    className="btn btn-xs btn-outline"
                    aria-label={m.preview(drawing.name)}
                    aria-pressed={preview?.drawing._id === drawing._id}
                    disabled={busy === drawing._id}
                    onClick={() =>
                      void run(drawing, ({ blob }) =>
                        setPreview({ drawing, blob, url: URL.createObjectURL(blob) }),
                      )
                    }
                  >
                    {m.previewButton}
                  </button>
                )}
              </span>
              {failed === drawing._id && (
                <p role="alert" className="w-full text-sm text-error">
                  {m.drawingFailed}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {preview && (
        <div className="mt-3">
          <PreviewPane preview={preview} />
        </div>
      )}
    </section>
  )
}
