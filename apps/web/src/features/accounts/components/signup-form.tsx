import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'

import { messages, SignupBodySchema, signUpWords } from '@toolworks/shared'

import { SignInAfterSignUpError, useSignUp } from '../api/sign-up'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { authErrorMessage } from '../utils/auth-error-message'

import { AuthAlert } from './auth-alert'
import { TextField } from '@/components/ui/text-field'

const m = messages.accounts
type SignupInput = z.input<typeof SignupBodySchema>
type SignupOutput = z.output<typeof SignupBodySchema>

export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp()
  const [alert, setAlert] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(SignupBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  })

  const onSubmit = (body: SignupOutput) => {
    setAlert(null)
    setNotice(null)
    signUp.mutate(body, {
      onSuccess: (outcome) =>
        outcome === 'check-mailbox' ? setNotice(signUpWords.checkMailbox) : onSignedUp(),
      onError: (error) => {
        // The form keeps what was typed: the next press signs in again.
        if (error instanceof SignInAfterSignUpError)
          setAlert(signUpWords.signInFailed(authErrorMessage(error.reason)))
        else if (!applyFieldErrors(error, setError, ['name', 'email', 'password']))
          setAlert(authErrorMessage(error))
      },
    })
  }

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        label={m.name}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
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
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <AuthAlert message={alert} />
      {notice && (
        <p role="status" className="text-sm font-semibold">
          {notice}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={signUp.isPending}>
        {m.signupButton}
      </button>
    </form>
  )
}
