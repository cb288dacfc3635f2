import { zodResolver } from '@hookform/resolvers/zod'
import { useController, useForm, type Control } from 'react-hook-form'

import { messages } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'

import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment'
import { CardFormSchema, emptyCard, type CardFormInput, type CardFormOutput } from './card-details'
import { PaymentFailure, usePaymentAttempt } from './payment-attempt'

const m = messages.paymentPage

type CardInputProps = {
  control: Control<CardFormInput, unknown, CardFormOutput>
  name: keyof CardFormInput
  label: string
  autoComplete: string
  placeholder: string
  maxLength: number
}

/**
 * One card input. Controlled and deliberately without a `name` attribute, so the browser has
 * nothing to submit anywhere; the value lives only in this form until it is sent or cleared.
 */
function CardInput({ control, name, label, autoComplete, placeholder, maxLength }: CardInputProps) {
  const { field, fieldState } = useController({ control, name })
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      autoCorrect="off"
      spellCheck={false}
      placeholder={placeholder}
      maxLength={maxLength}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={field.disabled}
      error={fieldState.error?.message}
    />
  )
}

type SandboxCardFormProps = {
  orderId: string
  /** Undefined until create-payment-intent answers; Pay stays disabled until then. */
  clientSecret: string | undefined
  billing: { name: string; email: string }
  /** What Pay pays, written in the order's currency: the button names it. */
  amount: string
  onPaid: (transactionId: string) => void
}

/** The sandbox provider's card form: confirm with the sandbox, then mark the order paid. */
export function SandboxCardForm({
  orderId,
  clientSecret,
  billing,
  amount,
  onPaid,
}: SandboxCardFormProps) {
  const confirm = useConfirmSandboxPayment()
  const { pay, paying, failure } = usePaymentAttempt({ orderId, onPaid })
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: emptyCard,
  })

  const onSubmit = async (card: CardFormOutput) => {
    if (clientSecret === undefined) return
    const paid = await pay(async () => {
      const { paymentIntent } = await confirm.mutateAsync({
        clientSecret,
        card: {
          number: card.cardNumber,
          expMonth: card.expiry.month,
          expYear: card.expiry.year,
          cvc: card.cvc,
        },
        billingDetails: billing,
      })
      return { intentId: paymentIntent.id }
    })
    if (paid) reset(emptyCard)
  }

  const busy = paying || isSubmitting

  return (
    <form
      noValidate
      autoComplete="on"
      className="max-w-md space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <p className="text-sm text-base-content/70">{m.sandboxNote}</p>
      <CardInput
        control={control}
        name="cardNumber"
        label={m.cardNumber}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardInput
          control={control}
          name="expiry"
          label={m.expiry}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
        />
        <CardInput
          control={control}
          name="cvc"
          label={m.cvc}
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={clientSecret === undefined || busy}
      >
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {m.payAmount(amount)}
      </button>
      <PaymentFailure message={failure} />
    </form>
  )
}
