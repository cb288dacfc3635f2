import { useMutation } from '@tanstack/react-query'

import { paymentsContract, type SandboxConfirmBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'

/**
 * The sandbox provider's stand-in for Stripe's confirmCardPayment. Not a bearer call: the
 * client secret is the authority, so a refusal here (402 with the provider's text) never
 * signs anyone out. The card details go only into this request; nothing keeps them.
 */
export const confirmSandboxPayment = (body: SandboxConfirmBody) =>
  api.call(paymentsContract.sandboxConfirm, { body })

export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment })
