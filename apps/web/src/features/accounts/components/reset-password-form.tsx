import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { z } from 'zod'

import { messages, PasswordSchema } from '@toolworks/shared'

import { ApiError } from '@/lib/api-error'
import { paths } from '@/lib/paths'

import { useResetPassword } from '../api/reset-password'
import { authErrorMessage } from '../utils/auth-error-message'

import { TextField } from '@/components/ui/text-field'

const m = messages.accounts
const ResetFormSchema = z.object({ newPassword: PasswordSchema })
type ResetValues = z.infer<typeof ResetFormSchema>

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword()
  const navigate = useNavigate()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { newPassword: '' },
  })

  const onSubmit = ({ newPassword }: ResetValues) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toast.success(m.passwordChanged)
          void navigate(paths.login(), { replace: true })
        },
        onError: (error) => {
          toast.error(
            error instanceof ApiError && error.status === 400
              ? m.resetLinkInvalid
              : authErrorMessage(error),
          )
        },
      },
    )

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        label={m.newPassword}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={reset.isPending}>
        {m.setNewPassword}
      </button>
    </form>
  )
}
