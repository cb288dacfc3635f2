import { toast } from '@/lib/toast'

import { messages } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { useProfile } from '@/features/accounts/api/get-profile'
import { useSendVerificationEmail } from '@/features/accounts/api/send-verification-email'
import { useUpdateProfile } from '@/features/accounts/api/update-profile'
import { ProfileCard } from '@/features/accounts/components/profile-card'
import { ProfileForm, type ProfileFormOutput } from '@/features/accounts/components/profile-form'
import { useSession } from '@/lib/auth'
import { getErrorMessage } from '@/lib/get-error-message'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.accounts

/** docs/product.md §2 My Profile: the info card and the update form. */
export function MyProfileRoute() {
  useDocumentTitle(messages.dashboard.myProfile)
  const session = useSession()
  const email = session.user?.email ?? ''
  const profile = useProfile(email)
  const update = useUpdateProfile(email)
  const resend = useSendVerificationEmail()

  const onSubmit = (body: ProfileFormOutput) => {
    if (session.status !== 'signed-in') {
      toast.error(m.noUserLoggedIn)
      return
    }
    // The form answers an empty BIN as null. The API removes a BIN it is sent empty, so that
    // goes only when there is one to remove: the seed's four fields stay all that is sent.
    const { bin, company, street, city, postcode, ...rest } = body
    const had = profile.data
    const binField = bin ? { bin } : had?.bin ? { bin: '' } : {}
    // The same for Company and the Delivery address: sent when given or to clear.
    const companyField = company ? { company } : had?.company ? { company: '' } : {}
    const deliveryFields =
      street || had?.street
        ? { street: street ?? '', city: city ?? '', postcode: postcode ?? '' }
        : {}
    update.mutate(
      { ...rest, ...binField, ...companyField, ...deliveryFields },
      {
        onSuccess: () => toast.success(m.profileUpdated),
        onError: () => toast.error(m.profileUpdateFailed),
      },
    )
  }

  const onResend = () =>
    resend.mutate(email, {
      onSuccess: () => toast.success(m.verificationSent),
      onError: (error) => toast.error(getErrorMessage(error)),
    })

  return (
    <div>
      <h2 className="section-title">{messages.dashboard.myProfile}</h2>
      <div className="title-rule" />
      <QueryView query={profile} failed={m.profileLoadFailed}>
        {(data) => (
          <div className="mt-6 grid gap-6 xl:grid-cols-2">
            <ProfileCard
              profile={data}
              onResendVerification={onResend}
              resending={resend.isPending}
            />
            <ProfileForm profile={data} pending={update.isPending} onSubmit={onSubmit} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
