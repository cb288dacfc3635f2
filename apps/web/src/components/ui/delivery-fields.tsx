import type { UseFormRegisterReturn } from 'react-hook-form'

import { deliveryWords as d } from '@toolworks/shared'

import { CountrySelect } from './country-select'
import { TextField } from './text-field'

type DeliveryField = 'company' | 'street' | 'city' | 'postcode' | 'country'

type DeliveryFieldsProps = {
  /** Each field as its form registered it (its own onBlur or onChange included). */
  fields: Record<DeliveryField, UseFormRegisterReturn>
  errors: Partial<Record<DeliveryField, string | undefined>>
  /** Checkout keeps the seed's "Address"; My Profile says "Street". */
  streetLabel: string
  /** Checkout needs street, city and postcode; a profile may leave them empty. */
  required?: boolean
  country: { label: string; hint?: string; emptyOption?: string }
}

/**
 * The delivery block: company, street, city, postcode and country, laid out once for
 * checkout and My Profile, whose values checkout starts from.
 */
export function DeliveryFields({
  fields,
  errors,
  streetLabel,
  required = false,
  country,
}: DeliveryFieldsProps) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-sm font-bold">{d.legend}</legend>
      <TextField
        label={d.company}
        autoComplete="organization"
        error={errors.company}
        {...fields.company}
      />
      <TextField
        label={streetLabel}
        autoComplete="street-address"
        required={required}
        error={errors.street}
        {...fields.street}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label={d.city}
          autoComplete="address-level2"
          required={required}
          error={errors.city}
          {...fields.city}
        />
        <TextField
          label={d.postcode}
          autoComplete="postal-code"
          required={required}
          error={errors.postcode}
          {...fields.postcode}
        />
      </div>
      <CountrySelect
        label={country.label}
        hint={country.hint}
        emptyOption={country.emptyOption}
        autoComplete="country"
        error={errors.country}
        {...fields.country}
      />
    </fieldset>
  )
}
