import type { Profile } from '@toolworks/shared'
import { deliveryPlaceText, deliveryWords, messages, taxWords } from '@toolworks/shared'

import { countryName } from '@/lib/country-names'

const m = messages.accounts

type ProfileCardProps = {
  profile: Profile
  onResendVerification: () => void
  resending: boolean
}

const deliveryOf = ({ street, city, postcode }: Profile) =>
  street && city && postcode ? deliveryPlaceText({ street, city, postcode }) : null

/**
 * docs/product.md §2 My Profile: photo if any, name, email, phone, location, education, linkedin;
 * and the buyer's BIN and country (for VAT and the Mushak-6.3).
 */
export function ProfileCard({ profile, onResendVerification, resending }: ProfileCardProps) {
  const rows: [string, string | null][] = [
    [m.fullName, profile.name],
    [m.email, profile.email],
    [m.phone, profile.phone],
    [m.location, profile.location],
    [m.education, profile.education],
    [m.linkedin, profile.linkedin],
    // What the Mushak-6.3 and the delivery start from.
    [taxWords.binLabel, profile.bin],
    [taxWords.countryLabel, profile.country && countryName(profile.country)],
    // What checkout's delivery block starts from.
    [deliveryWords.company, profile.company],
    [deliveryWords.legend, deliveryOf(profile)],
  ]
  return (
    <div className="rounded-box border border-base-300 p-5">
      <div className="flex items-center gap-4">
        {profile.image && (
          <img
            src={profile.image}
            alt=""
            className="size-16 rounded-full object-cover"
            referrerPolicy="no-referrer"
          />
        )}
        <div>
          <p className="text-lg font-bold">{profile.name}</p>
          <p className={profile.emailVerified ? 'text-success' : 'text-error'}>
            {profile.emailVerified ? m.emailVerified : m.emailNotVerified}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-[8rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value || m.notGiven}</dd>
          </div>
        ))}
      </dl>
      {!profile.emailVerified && (
        <button
          type="button"
          className="btn btn-outline btn-sm mt-4"
          disabled={resending}
          onClick={onResendVerification}
        >
          {m.resendVerification}
        </button>
      )}
    </div>
  )
}
