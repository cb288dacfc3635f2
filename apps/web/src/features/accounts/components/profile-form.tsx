import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'

import {
  deliveryWords as d,
  messages,
  taxWords,
  UpdateProfileBodySchema,
  type Profile,
} from '@toolworks/shared'

import { DeliveryFields } from '@/components/ui/delivery-fields'
import { TextField } from '@/components/ui/text-field'

const m = messages.accounts

type FormValues = {
  phone: string
  location: string
  education: string
  linkedin: string
  bin: string
  country: string
  company: string
  street: string
  city: string
  postcode: string
}

// No country chosen yet ('') is left out, so saving the seed's fields sets none.
const bodyOf = ({ country, ...rest }: FormValues) => (country ? { ...rest, country } : rest)

// The shared rules decide; the screen also checks location up front so every empty field
// shows its message on the first submit (the shared refine runs only once the rest passes).
const ProfileFormSchema = z
  .object({
    phone: z.string(),
    location: z.string(),
    education: z.string(),
    linkedin: z.string(),
    bin: z.string(),
    country: z.string(),
    company: z.string(),
    street: z.string(),
    city: z.string(),
    postcode: z.string(),
  })
  .superRefine((value, ctx) => {
    const result = UpdateProfileBodySchema.safeParse(bodyOf(value))
    const noLocation = value.location.trim() === ''
    if (noLocation)
      ctx.addIssue({ code: 'custom', message: m.locationRequired, path: ['location'] })
    for (const issue of result.error?.issues ?? []) {
      if (issue.path[0] === 'location' && noLocation) continue
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    }
  })
  .transform((value) => UpdateProfileBodySchema.parse(bodyOf(value)))

export type ProfileFormValues = z.input<typeof ProfileFormSchema>
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>

type ProfileFormProps = {
  profile: Pick<
    Profile,
    | 'email'
    | 'name'
    | 'phone'
    | 'location'
    | 'education'
    | 'linkedin'
    | 'bin'
    | 'country'
    | 'company'
    | 'street'
    | 'city'
    | 'postcode'
  >
  pending: boolean
  onSubmit: (body: ProfileFormOutput) => void
}

/**
 * Email and name read-only; phone, location, education and linkedin all required; BIN and
 * country optional; Company and the Delivery address optional, the
 * address, city and postcode together, which checkout starts from.
 */
export function ProfileForm({ profile, pending, onSubmit }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: {
      phone: profile.phone ?? '',
      location: profile.location ?? '',
      education: profile.education ?? '',
      linkedin: profile.linkedin ?? '',
      bin: profile.bin ?? '',
      country: profile.country ?? '',
      company: profile.company ?? '',
      street: profile.street ?? '',
      city: profile.city ?? '',
      postcode: profile.postcode ?? '',
    },
  })

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField label={m.email} value={profile.email} readOnly />
      <TextField label={m.name} value={profile.name} readOnly />
      <TextField
        label={m.phone}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField label={m.location} error={errors.location?.message} {...register('location')} />
      <TextField label={m.education} error={errors.education?.message} {...register('education')} />
      <TextField
        label={m.linkedin}
        type="url"
        error={errors.linkedin?.message}
        {...register('linkedin')}
      />
      <DeliveryFields
        streetLabel={d.street}
        country={{
          label: taxWords.countryLabel,
          emptyOption: profile.country ? undefined : m.notGiven,
        }}
        fields={{
          company: register('company'),
          street: register('street'),
          city: register('city'),
          postcode: register('postcode'),
          country: register('country'),
        }}
        errors={{
          company: errors.company?.message,
          street: errors.street?.message,
          city: errors.city?.message,
          postcode: errors.postcode?.message,
          country: errors.country?.message,
        }}
      />
      <TextField
        label={taxWords.binLabel}
        inputMode="numeric"
        autoComplete="off"
        hint={taxWords.binHint}
        error={errors.bin?.message}
        {...register('bin')}
      />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {m.updateProfile}
      </button>
    </form>
  )
}
