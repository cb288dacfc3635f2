import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'

import { messages, UpdateProfileBodySchema, type Profile } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'

const m = messages.accounts

// The shared rules decide; the screen also checks location up front so every empty field
// shows its message on the first submit (the shared refine runs only once the rest passes).
const ProfileFormSchema = z
  .object({
    phone: z.string(),
    location: z.string(),
    education: z.string(),
    linkedin: z.string(),
  })
  .superRefine((value, ctx) => {
    const result = UpdateProfileBodySchema.safeParse(value)
    const noLocation = value.location.trim() === ''
    if (noLocation)
      ctx.addIssue({ code: 'custom', message: m.locationRequired, path: ['location'] })
    for (const issue of result.error?.issues ?? []) {
      if (issue.path[0] === 'location' && noLocation) continue
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    }
  })
  .transform((value) => UpdateProfileBodySchema.parse(value))

export type ProfileFormValues = z.input<typeof ProfileFormSchema>
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>

type ProfileFormProps = {
  profile: Pick<Profile, 'email' | 'name' | 'phone' | 'location' | 'education' | 'linkedin'>
  pending: boolean
  onSubmit: (body: ProfileFormOutput) => void
}

/** Email and name read-only; phone, location, education and linkedin all required. */
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
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {m.updateProfile}
      </button>
    </form>
  )
}
