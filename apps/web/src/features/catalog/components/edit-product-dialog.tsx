import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { z } from 'zod'

import {
  messages,
  ToolUpdateBodySchema,
  type Category,
  type Tool,
  type ToolUpdateBody,
} from '@toolworks/shared'

import { EditDialog, useModalDialog } from '@/components/ui/edit-dialog'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useUpdateTool } from '../api/update-tool'
import { uploadErrorMessage, useUploadImage } from '../api/upload-image'
import { OptionalImageFileSchema, thumbnailUrl } from '../utils/image-file'
import { LeadTimeInputSchema } from '../utils/lead-time'
import {
  attributesOf,
  catalogChangedFields,
  catalogFieldNames,
  catalogFieldsOf,
} from '../utils/catalog-fields'
import { DocumentsSection } from './documents-section'
import { PRODUCT_FIELDS, ProductFields, type ProductFormInput } from './product-fields'

const m = messages.products

// The shared edit rules with every field filled in (the form shows them all), the image a file.
// The part number, category and specs are text here, sent as the server reads them
// (catalog-fields.ts); documents have their own section with their own routes.
const EditProductFormSchema = ToolUpdateBodySchema.omit({
  image: true,
  leadTimeDays: true,
  partNumber: true,
  category: true,
  specs: true,
  documents: true,
})
  .required()
  .extend({
    leadTimeDays: LeadTimeInputSchema,
    image: OptionalImageFileSchema,
    partNumber: z.string(),
    category: z.string(),
    specs: z.record(z.string(), z.string()),
  })
type EditProductFormOutput = z.output<typeof EditProductFormSchema>

const EDITABLE = [
  'name',
  'quantity',
  'price',
  'minimum',
  'description',
  'priceBreaks',
  'packSize',
  'madeToOrder',
  'leadTimeDays',
] as const

/** Only what differs from the tool, so an edit never overwrites a field it did not touch. */
function changedFields(
  tool: Tool,
  values: Omit<EditProductFormOutput, 'image' | 'partNumber' | 'category' | 'specs'>,
): ToolUpdateBody {
  const body: Record<string, unknown> = {}
  for (const key of EDITABLE)
    if (JSON.stringify(values[key]) !== JSON.stringify(tool[key])) body[key] = values[key]
  // A tool that is no longer made to order keeps no lead time.
  if (body.madeToOrder === false) delete body.leadTimeDays
  return body
}

type EditProductDialogProps = {
  tool: Tool
  /** The category tree (GET /api/category), read by the page. */
  categories: readonly Category[]
  onClose: () => void
}

/**
 * Edit a product in a modal dialog: the fields prefilled, a new picture optional.
 * Sends `PUT /api/tool/{id}` with only the changed fields; server messages go onto inputs.
 */
export function EditProductDialog({ tool, onClose, categories }: EditProductDialogProps) {
  const dialog = useModalDialog()
  const upload = useUploadImage()
  const update = useUpdateTool()
  const [progress, setProgress] = useState<number | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, EditProductFormOutput>({
    resolver: zodResolver(EditProductFormSchema),
    defaultValues: {
      name: tool.name,
      quantity: tool.quantity,
      price: tool.price,
      minimum: tool.minimum,
      description: tool.description,
      image: null,
      priceBreaks: tool.priceBreaks,
      packSize: tool.packSize,
      madeToOrder: tool.madeToOrder,
      leadTimeDays: tool.leadTimeDays ?? NaN,
      ...catalogFieldsOf(tool),
    },
  })
  const pending = upload.isPending || update.isPending

  const onSubmit = async ({
    image: file,
    partNumber,
    category,
    specs,
    ...values
  }: EditProductFormOutput) => {
    const body = {
      ...changedFields(tool, values),
      ...catalogChangedFields(tool, { partNumber, category, specs }, categories),
    }
    const known = [...PRODUCT_FIELDS, ...catalogFieldNames(attributesOf(categories, category))]
    if (file) {
      setProgress(0)
      try {
        body.image = (await upload.mutateAsync({ file, onProgress: setProgress })).data.url
      } catch (error) {
        setError('image', { message: uploadErrorMessage(error) })
        toast.error(m.saveFailed)
        return
      } finally {
        setProgress(null)
      }
    }
    if (Object.keys(body).length === 0) {
      dialog.close()
      return
    }
    update.mutate(
      { id: tool._id, body },
      {
        onSuccess: () => {
          toast.success(m.saved)
          dialog.close()
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, known))
            toast.error(`${m.saveFailed} ${getErrorMessage(error)}`)
        },
      },
    )
  }

  return (
    <EditDialog
      dialogRef={dialog.ref}
      onCancel={dialog.close}
      title={m.editTitle(tool.name)}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      pending={pending}
      cancelLabel={m.cancel}
      saveLabel={m.save}
    >
      <ProductFields
        control={control}
        register={register}
        errors={errors}
        minQuantity={0}
        uploadProgress={progress}
        imageHint={m.keepImage}
        categories={categories}
      />
      <figure className="flex items-center gap-3 text-sm text-base-content/70">
        <img
          src={thumbnailUrl(tool.image)}
          alt=""
          width={64}
          height={48}
          className="h-12 w-16 rounded object-cover"
        />
        <figcaption>{m.currentImage}</figcaption>
      </figure>
      <DocumentsSection tool={tool} />
    </EditDialog>
  )
}
