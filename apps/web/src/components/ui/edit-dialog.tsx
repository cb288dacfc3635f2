import {
  useCallback,
  useEffect,
  useId,
  useRef,
  type FormEventHandler,
  type ReactNode,
  type RefObject,
} from 'react'

/** A modal dialog opened as it mounts; `close()` closes it (and its `onClose` runs). */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = ref.current
    if (element && !element.open) element.showModal()
  }, [])
  const close = useCallback(() => ref.current?.close(), [])
  return { ref, close }
}

type EditDialogProps = {
  /** From useModalDialog: the dialog element and how to close it. */
  dialogRef: RefObject<HTMLDialogElement | null>
  onCancel: () => void
  title: string
  onClose: () => void
  onSubmit: FormEventHandler<HTMLFormElement>
  /** Saving: the Save button shows a spinner and cannot be pressed twice. */
  pending: boolean
  cancelLabel: string
  saveLabel: string
  children: ReactNode
}

/**
 * The admin's edit dialogs (products, promotions): a titled modal with the form's fields and
 * Cancel / Save. Escape and Cancel close it without saving.
 */
export function EditDialog({
  dialogRef,
  onCancel,
  title,
  onClose,
  onSubmit,
  pending,
  cancelLabel,
  saveLabel,
  children,
}: EditDialogProps) {
  const titleId = useId()
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-2xl">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
          {children}
          <div className="modal-action">
            <button type="button" className="btn" onClick={onCancel}>
              {cancelLabel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              {saveLabel}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  )
}
