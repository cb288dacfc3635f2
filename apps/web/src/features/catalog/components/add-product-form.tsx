import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { z } from 'zod'

import { messages, ToolCreateBodySchema, type Category } from '@toolworks/shared'

import { applyFieldErrors } from '@/lib/apply-field-errors'

import { useCreateTool } from '../api/create-tool'
import { uploadErrorMessage, useUploadImage } from '../api/upload-image'
import { LeadTimeInputSchema } from '../utils/lead-time'
import { RequiredImageFileSchema } from '../utils/image-file'
import {
  attributesOf,
  catalogCreateFields,
  catalogFieldNames,
  emptyCatalogFields,
} from '../utils/catalog-fields'
import { PRODUCT_FIELDS, ProductFields, type ProductFormInput } from './product-fields'

const m = messages.products

// Stands in for the URL the upload will answer, so the shared cross-field rules can run first.
const PENDING_UPLOAD_URL = `/media/${'0'.repeat(32)}-800.webp`

const { name, quantity, price, minimum, description, priceBreaks, packSize, madeToOrder } =
  ToolCreateBodySchema.shape

// The shared rules for every field, with the image as a file (the body carries its URL later).
const AddProductFormSchema = z
  .object({
    name,
    quantity,
    price,
    minimum,
    description,
    // Without their defaults: the form always holds a value for each.
    priceBreaks: priceBreaks.unwrap(),
    packSize: packSize.unwrap(),
    madeToOrder: madeToOrder.unwrap(),
    leadTimeDays: LeadTimeInputSchema,
    image: RequiredImageFileSchema,
    // Checked by the server against the category (its 400s go beside each field).
    partNumber: z.string(),
    category: z.string(),
    specs: z.record(z.string(), z.string()),
  })
  .superRefine((value, ctx) => {
    const { partNumber: _p, category: _c, specs: _s, ...buying } = value
    const shared = ToolCreateBodySchema.safeParse({ ...buying, image: PENDING_UPLOAD_URL })
    for (const issue of shared.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  })
type AddProductFormOutput = z.output<typeof AddProductFormSchema>

// An empty number input reads as NaN (valueAsNumber), which the shared rules call required.
const EMPTY: ProductFormInput = {
  name: '',
  quantity: NaN,
  price: NaN,
  minimum: NaN,
  description: '',
  image: null,
  priceBreaks: [],
  packSize: 1,
  madeToOrder: false,
  leadTimeDays: NaN,
  ...emptyCatalogFields(),
}

/**
 * docs/product.md §2 Add Product: upload the picture (with its progress), then post the product.
 * An upload refused by the server shows why under Image; both failures toast.
 */
export function AddProductForm({ categories }: { categories: readonly Category[] }) {
  const upload = useUploadImage()
  const create = useCreateTool()
  const [progress, setProgress] = useState<number | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(AddProductFormSchema),
    defaultValues: EMPTY,
  })
  const pending = upload.isPending || create.isPending

  const onSubmit = async ({
    image: file,
    partNumber,
    category,
    specs,
    ...fields
  }: AddProductFormOutput) => {
    const catalogFields = catalogCreateFields({ partNumber, category, specs }, categories)
    const known = [...PRODUCT_FIELDS, ...catalogFieldNames(attributesOf(categories, category))]
    let url: string
    setProgress(0)
    try {
      url = (await upload.mutateAsync({ file, onProgress: setProgress })).data.url
    } catch (error) {
      setError('image', { message: uploadErrorMessage(error) })
      toast.error(m.addFailed)
      return
    } finally {
      setProgress(null)
    }
    create.mutate(
      { ...fields, ...catalogFields, image: url },
      {
        onSuccess: () => {
          toast.success(m.added)
          reset(EMPTY)
        },
        onError: (error) => {
          applyFieldErrors(error, setError, known)
          toast.error(m.addFailed)
        },
      },
    )
  }

  return (
    <form
      noValidate
      className="max-w-2xl space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <ProductFields
        control={control}
        register={register}
        errors={errors}
        minQuantity={1}
        uploadProgress={progress}
        categories={categories}
      />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {m.addProductButton}
      </button>
    </form>
  )
}
