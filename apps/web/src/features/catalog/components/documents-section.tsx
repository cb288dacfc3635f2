import { useId, useRef, useState } from 'react'

import {
  DOCUMENT_KINDS,
  documentMessages as dm,
  PRODUCT_DOCUMENT_ACCEPT,
  PRODUCT_DOCUMENT_FIELD,
  storedDocumentId,
  type Tool,
  type ToolDocument,
} from '@toolworks/shared'

import { ApiError } from '@/lib/api-error'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'

import { useDeleteDocument, useUploadDocument } from '../api/product-documents'

type Kind = ToolDocument['kind']
type FieldErrors = Partial<Record<'kind' | 'name' | 'file', string>>

/** The server's reason for each field it names; the whole message under the file otherwise. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { file: getErrorMessage(error) }
  const out: FieldErrors = {}
  for (const field of ['kind', 'name', PRODUCT_DOCUMENT_FIELD] as const) {
    const message = error.fields[field]
    if (message) out[field === PRODUCT_DOCUMENT_FIELD ? 'file' : field] = message
  }
  if (Object.keys(out).length === 0) out.file = error.message
  return out
}

/**
 * The edit form's Documents: the tool's documents with Delete for the uploaded
 * ones, and an upload with its kind and name. It sits inside the edit form but sends nothing
 * with it: each upload and delete is its own request. A refused upload keeps the choices.
 */
export function DocumentsSection({ tool }: { tool: Tool }) {
  const [documents, setDocuments] = useState<ToolDocument[]>(tool.documents ?? [])
  const [kind, setKind] = useState<Kind>('datasheet')
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [progress, setProgress] = useState<number | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const upload = useUploadDocument()
  const remove = useDeleteDocument()
  const id = useId()

  const send = () => {
    const file = fileInput.current?.files?.[0]
    if (!file) {
      setErrors({ file: dm.missingFile })
      return
    }
    setErrors({})
    setProgress(0)
    upload.mutate(
      { toolId: tool._id, kind, name, file, onProgress: setProgress },
      {
        onSuccess: (created) => {
          setDocuments((list) => [
            ...list,
            { kind: created.kind, name: created.name, url: created.url },
          ])
          setName('')
          if (fileInput.current) fileInput.current.value = ''
          toast.success(dm.uploaded(created.name))
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
        onSettled: () => setProgress(null),
      },
    )
  }

  const drop = (document: ToolDocument, documentId: string) =>
    remove.mutate(
      { toolId: tool._id, documentId },
      {
        onSuccess: () => {
          setDocuments((list) => list.filter((d) => d.url !== document.url))
          toast.success(dm.removed(document.name))
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )

  const described = (field: keyof FieldErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}
  const errorLine = (field: keyof FieldErrors) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="text-sm text-error">
        {errors[field]}
      </p>
    )

  return (
    <fieldset className="space-y-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-semibold">{dm.section}</legend>
      <p className="text-sm text-base-content/70">{dm.sectionHint}</p>
      {documents.length === 0 ? (
        <p className="text-sm">{dm.none}</p>
      ) : (
        <ul className="space-y-1" aria-label={dm.section}>
          {documents.map((d) => {
            const documentId = storedDocumentId(tool._id, d.url)
            return (
              <li key={d.url} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  <a className="link" href={d.url} download>
                    {d.name}
                  </a>{' '}
                  <span className="text-base-content/70">({dm.kinds[d.kind]})</span>
                </span>
                {documentId && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={remove.isPending}
                    onClick={() => drop(d, documentId)}
                  >
                    {dm.remove(d.name)}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-kind`} className="block text-sm font-semibold">
            {dm.kindLabel}
          </label>
          <select
            id={`${id}-kind`}
            className="select w-full"
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
            {...described('kind')}
          >
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {dm.kinds[k]}
              </option>
            ))}
          </select>
          {errorLine('kind')}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-name`} className="block text-sm font-semibold">
            {dm.nameLabel}
          </label>
          <input
            id={`${id}-name`}
            className="input w-full"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              // Enter here uploads the document; it must not save the whole edit.
              if (e.key === 'Enter') {
                e.preventDefault()
                send()
              }
            }}
            {...described('name')}
          />
          {errorLine('name')}
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-file`} className="block text-sm font-semibold">
          {dm.fileLabel}
        </label>
        <input
          id={`${id}-file`}
          ref={fileInput}
          type="file"
          accept={PRODUCT_DOCUMENT_ACCEPT}
          className="file-input w-full"
          {...described('file')}
        />
        {errorLine('file')}
        {progress !== null && (
          <progress
            className="progress w-full"
            value={progress}
            max={100}
            aria-label={dm.uploading}
          />
        )}
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={upload.isPending}
        onClick={send}
      >
        {upload.isPending ? dm.uploading : dm.upload}
      </button>
    </fieldset>
  )
}
