import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form'

import {
  QUOTE_MATERIALS,
  QUOTE_PROCESSES,
  QUOTE_QUANTITIES_MAX,
  shopDate,
  type QuoteProcess,
  type QuoteRequest,
  quoteWords,
  quoteRuleWords,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { TextareaField } from '@/components/ui/textarea-field'
import { ApiError, isTransient } from '@/lib/api-error'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import {
  perFileProgress,
  quoteRequestFormData,
  useSendQuoteRequest,
} from '../api/send-quote-request'
import { DrawingsPicker } from './drawings-picker'
import { SelectField } from './select-field'
import { clearQuoteDraft, readQuoteDraft, writeQuoteDraft } from './quote-draft'
import {
  emptyQuoteForm,
  MATERIAL_OTHER,
  QuoteFormSchema,
  toRequestText,
  type QuoteFormInput,
  type QuoteFormOutput,
} from './quote-form-schema'

const m = quoteWords

/** Server field names that are inputs of this form as they are. */
const SAME_NAME = [
  'process',
  'partName',
  'neededBy',
  'tolerance',
  'finish',
  'notes',
  'phone',
  'address',
] as const

type QuoteRequestFormProps = {
  /** False until React is attached to the server's HTML: the form shows, disabled. */
  hydrated: boolean
  /** Null while the session is still being asked: Send request waits for the answer. */
  signedIn: boolean | null
  /** From `?process=` (the home page's tiles link here with one). */
  process: QuoteProcess | null
  /**
   * Phone and Address from the buyer's profile, once known, and whether their e-mail is
   * verified (drawings need it).
   */
  profile: { phone: string; address: string; emailVerified: boolean } | null
  /** A visitor pressed Send request: the page asks them to sign in (the text is kept). */
  onNeedSignIn: (hadFiles: boolean) => void
  onSent: (quote: QuoteRequest) => void
}

/** Where the live form starts: the draft kept in this tab, else the process of the URL. */
function startingPoint(process: QuoteProcess | null): {
  values: QuoteFormInput
  hadFiles: boolean
} {
  const draft = readQuoteDraft()
  if (draft)
    return {
      values: { ...emptyQuoteForm(), ...(draft.values as Partial<QuoteFormInput>) },
      hadFiles: draft.hadFiles,
    }
  return { values: emptyQuoteForm(process ?? ''), hadFiles: false }
}

/**
 * Request a Quote: process, part, material, up to three quantities, drawings and the
 * rest, checked by the shared rules; sent as multipart with progress per file. The server's
 * reasons go next to the field or the file they name. Text typed is kept in this tab until sent.
 */
export function QuoteRequestForm(props: QuoteRequestFormProps) {
  // The server's HTML and the hydrating render are the same empty, disabled form for every
  // visitor and every ?process=; once hydrated, the live form starts again from the draft.
  return <LiveQuoteRequestForm key={props.hydrated ? 'live' : 'server'} {...props} />
}

function LiveQuoteRequestForm({
  hydrated,
  signedIn,
  process,
  profile,
  onNeedSignIn,
  onSent,
}: QuoteRequestFormProps) {
  const send = useSendQuoteRequest()
  const [start] = useState(() =>
    hydrated ? startingPoint(process) : { values: emptyQuoteForm(), hadFiles: false },
  )
  const [files, setFiles] = useState<File[]>([])
  const [fileErrors, setFileErrors] = useState<Record<number, string>>({})
  const [drawingsError, setDrawingsError] = useState<string | undefined>()
  const [progress, setProgress] = useState<number[] | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [filesLost, setFilesLost] = useState(start.hadFiles)
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    subscribe,
    control,
    formState: { errors, dirtyFields },
  } = useForm<QuoteFormInput, unknown, QuoteFormOutput>({
    resolver: zodResolver(QuoteFormSchema),
    defaultValues: start.values,
  })
  const quantities = useFieldArray({ control, name: 'quantities' })
  const materialChoice = useWatch({ control, name: 'materialChoice' })

  // Keep what is typed, so a visitor who signs in comes back to it. A subscription, not
  // useWatch: the whole form need not render again on every key.
  useEffect(() => {
    if (!hydrated) return
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => writeQuoteDraft({ values, hadFiles: false }),
    })
  }, [hydrated, subscribe])

  // Phone and Address come from the profile unless the buyer has typed their own.
  useEffect(() => {
    if (!profile || !hydrated) return
    if (!dirtyFields.phone && getValues('phone') === '' && profile.phone)
      setValue('phone', profile.phone)
    if (!dirtyFields.address && getValues('address') === '' && profile.address)
      setValue('address', profile.address)
  }, [profile, hydrated, dirtyFields.phone, dirtyFields.address, getValues, setValue])

  const applyServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return false
    const perFile: Record<number, string> = {}
    let any = false
    for (const [name, message] of Object.entries(error.fields)) {
      const file = /^drawings\.(\d+)$/.exec(name)
      if (file) {
        perFile[Number(file[1])] = message
        any = true
      } else if (name === 'drawings') {
        any = true
      } else if (name === 'material') {
        setError(
          getValues('materialChoice') === MATERIAL_OTHER ? 'materialOther' : 'materialChoice',
          { message },
        )
        any = true
      } else if (/^quantities(\.\d+)?$/.test(name)) {
        const index = Number(name.split('.')[1] ?? 0)
        setError(`quantities.${index}.value` as Path<QuoteFormInput>, { message })
        any = true
      }
    }
    setFileErrors(perFile)
    // The server also names its first refusal under `drawings` (for one-input clients): shown
    // next to its file already, it is not said twice.
    const whole = error.fields.drawings
    if (whole && !Object.values(perFile).includes(whole)) setDrawingsError(whole)
    return applyFieldErrors(error, setError, SAME_NAME) || any
  }

  const onSubmit = (form: QuoteFormOutput) => {
    setNotice(null)
    if (!signedIn) {
      writeQuoteDraft({ values: getValues(), hadFiles: files.length > 0 })
      onNeedSignIn(files.length > 0)
      return
    }
    setFileErrors({})
    setDrawingsError(undefined)
    const sizes = files.map((file) => file.size)
    setProgress(files.length > 0 ? sizes.map(() => 0) : null)
    send.mutate(
      {
        body: quoteRequestFormData(toRequestText(form), files),
        onProgress: (percent) => setProgress(perFileProgress(sizes, percent)),
      },
      {
        onSuccess: (quote) => {
          clearQuoteDraft()
          onSent(quote)
        },
        onError: (error) => {
          // Drawings need a verified e-mail: the text is kept in this tab (and the
          // files while the page stays open) for when the buyer comes back verified.
          if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
            writeQuoteDraft({ values: getValues(), hadFiles: files.length > 0 })
            setNotice(m.verifyToSend)
          } else if (isTransient(error)) setNotice(m.unavailable)
          else if (applyServerErrors(error)) setNotice(m.sendFailed)
          else setNotice(getErrorMessage(error))
        },
        onSettled: () => setProgress(null),
      },
    )
  }

  const busy = !hydrated || send.isPending

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {filesLost && (
        <p role="status" className="alert alert-info alert-soft">
          {m.filesNotKept}
        </p>
      )}
      <fieldset disabled={busy} className="space-y-4">
        <SelectField label={m.process} error={errors.process?.message} {...register('process')}>
          <option value="">{quoteRuleWords.processRequired}</option>
          {QUOTE_PROCESSES.map((name) => (
            <option key={name} value={name}>
              {m.processNames[name]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={m.partName}
          required
          error={errors.partName?.message}
          {...register('partName')}
        />
        <SelectField
          label={m.material}
          error={errors.materialChoice?.message}
          {...register('materialChoice')}
        >
          <option value="">{quoteRuleWords.materialRequired}</option>
          {QUOTE_MATERIALS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={MATERIAL_OTHER}>{m.materialOther}</option>
        </SelectField>
        {materialChoice === MATERIAL_OTHER && (
          <TextField
            label={m.materialOtherLabel}
            required
            error={errors.materialOther?.message}
            {...register('materialOther')}
          />
        )}
        <div className="space-y-2">
          {quantities.fields.map((field, index) => (
            <div key={field.id} className="flex items-end gap-2">
              <div className="flex-1">
                <TextField
                  label={m.quantityN(index + 1)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  required={index === 0}
                  error={errors.quantities?.[index]?.value?.message}
                  {...register(`quantities.${index}.value`, { valueAsNumber: true })}
                />
              </div>
              {index > 0 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={m.removeQuantity(index + 1)}
                  onClick={() => quantities.remove(index)}
                >
                  ✕
                </button>
              )}
            </div>
          ))}
          {errors.quantities?.message && (
            <p className="text-sm text-error">{errors.quantities.message}</p>
          )}
          {quantities.fields.length < QUOTE_QUANTITIES_MAX && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => quantities.append({ value: Number.NaN })}
            >
              {m.addQuantity}
            </button>
          )}
        </div>
        {profile && !profile.emailVerified && files.length > 0 && (
          <p role="status" className="alert alert-info alert-soft">
            {m.verifyToSend}
          </p>
        )}
        <DrawingsPicker
          files={files}
          onChange={(next) => {
            setFiles(next)
            setFileErrors({})
            setDrawingsError(undefined)
            setFilesLost(false)
          }}
          fileErrors={fileErrors}
          error={drawingsError}
          progress={progress}
          disabled={busy}
        />
        <TextField
          label={m.neededBy}
          type="date"
          min={hydrated ? shopDate(new Date()) : undefined}
          error={errors.neededBy?.message}
          {...register('neededBy')}
        />
        <TextField
          label={m.tolerance}
          error={errors.tolerance?.message}
          {...register('tolerance')}
        />
        <TextField label={m.finish} error={errors.finish?.message} {...register('finish')} />
        <TextareaField
          label={m.notes}
          rows={4}
          error={errors.notes?.message}
          {...register('notes')}
        />
        <TextField
          label={m.phone}
          type="tel"
          autoComplete="tel"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={m.address}
          autoComplete="street-address"
          required
          error={errors.address?.message}
          {...register('address')}
        />
      </fieldset>
      {notice && (
        <p role="alert" className="alert alert-error alert-soft">
          {notice}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || signedIn === null}>
        {send.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {m.sendRequest}
      </button>
    </form>
  )
}
