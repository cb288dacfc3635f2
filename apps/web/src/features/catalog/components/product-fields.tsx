import type { Control, FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form'

import { messages, type Category } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { TextareaField } from '@/components/ui/textarea-field'

import type { FileInputValue } from '../utils/image-file'
import type { CatalogFieldValues } from '../utils/catalog-fields'
import { BuyingRulesFields } from './buying-rules-fields'
import { CatalogFields } from './catalog-fields'
import { ImageField } from './image-field'

const m = messages.products

/** What the product inputs hold before the schema reads them (Add Product and the edit alike). */
export type ProductFormInput = {
  name: string
  quantity: number
  price: number
  minimum: number
  description: string
  image: FileInputValue
  priceBreaks: { minQuantity: number; price: number }[]
  packSize: number
  madeToOrder: boolean
  /** NaN while empty (valueAsNumber); the form schema reads it as none. */
  leadTimeDays: number | null
} & CatalogFieldValues

/** The fields whose server messages go onto an input. */
export const PRODUCT_FIELDS = [
  'name',
  'quantity',
  'price',
  'minimum',
  'description',
  'image',
  'priceBreaks',
  'packSize',
  'madeToOrder',
  'leadTimeDays',
] as const satisfies readonly (keyof ProductFormInput)[]

type ProductFieldsProps<Output extends FieldValues> = {
  // Each form has its own output type (what its schema makes of the inputs).
  control: Control<ProductFormInput, unknown, Output>
  register: UseFormRegister<ProductFormInput>
  errors: FieldErrors<ProductFormInput>
  /** The lowest stock the form takes: 1 on Add Product, 0 on an edit. */
  minQuantity: 0 | 1
  uploadProgress: number | null
  imageHint?: string
  /** The category tree (GET /api/category) for Category and the specification inputs. */
  categories: readonly Category[]
}

/** Name, part number, category and specifications, quantity, price, minimum order, buying rules, description and image (docs/product.md §2 Add Product). */
export function ProductFields<Output extends FieldValues>({
  control,
  register,
  errors,
  minQuantity,
  uploadProgress,
  imageHint,
  categories,
}: ProductFieldsProps<Output>) {
  return (
    <>
      <TextField label={m.name} required error={errors.name?.message} {...register('name')} />
      <CatalogFields
        control={control}
        register={register}
        errors={errors}
        categories={categories}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={m.quantity}
          type="number"
          inputMode="numeric"
          min={minQuantity}
          step={1}
          required
          error={errors.quantity?.message}
          {...register('quantity', { valueAsNumber: true })}
        />
        <TextField
          label={m.price}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <TextField
          label={m.minimum}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.minimum?.message}
          {...register('minimum', { valueAsNumber: true })}
        />
      </div>
      <BuyingRulesFields control={control} register={register} errors={errors} />
      <TextareaField
        label={m.description}
        rows={4}
        required
        error={errors.description?.message}
        {...register('description')}
      />
      <ImageField
        label={m.image}
        hint={imageHint}
        progress={uploadProgress}
        error={errors.image?.message}
        {...register('image')}
      />
    </>
  )
}
