import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'

import { LoginBodySchema, messages } from '@toolworks/shared'

import { useRequestPasswordReset } from '../api/request-password-reset'
import { useSignIn } from '../api/sign-in'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { authErrorMessage } from '../utils/auth-error-message'

import { AuthAlert } from './auth-alert'
import { TextField } from '@/components/ui/text-field'

const m = messages.accounts
type LoginInput = z.input<typeof LoginBodySchema>
type LoginOutput = z.output<typeof LoginBodySchema>

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useSignIn()
  const reset = useRequestPasswordReset()
  const [alert, setAlert] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = (body: LoginOutput) => {
    setAlert(null)
    reset.reset()
    signIn.mutate(body, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['email', 'password']))
          setAlert(authErrorMessage(error))
      },
    })
  }

  const onResetPassword = async () => {
    setAlert(null)
    if (!(await trigger('email'))) return
    const email = LoginBodySchema.shape.email.parse(getValues('email'))
    reset.mutate(email, { onError: (error) => setAlert(authErrorMessage(error)) })
  }

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        label={m.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={m.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <AuthAlert message={alert} />
      {reset.isSuccess && (
        <p role="status" className="text-sm text-success">
          {m.resetSent}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={signIn.isPending}>
        {m.loginButton}
      </button>
      <button
        type="button"
        className="btn btn-link btn-sm px-0"
        disabled={reset.isPending}
        onClick={() => void onResetPassword()}
      >
        {m.resetPassword}
      </button>
    </form>
  )
}
