/**
 * The delivery phone and address as the first-order discount compares them (issue 25): one
 * discount per phone number and per address, however they are typed. Pure, so the server's
 * rule and its tests agree on one definition.
 */

/** Bangladesh's country code: a number written the national way (0…) is the same line. */
const HOME_COUNTRY_CODE = '880'

/**
 * Digits only, in international form without the plus: `01711-000000`, `+880 1711 000000`
 * and `00880 1711000000` are all `8801711000000`. A national number (leading 0) or a bare
 * mobile number (10 digits, starting with 1) is taken to be in Bangladesh; a number with
 * another country code keeps it.
 */
export function phoneKey(phone: string): string {
  let digits = phone.normalize('NFKC').replace(/\D/g, '')
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (digits.startsWith(HOME_COUNTRY_CODE)) return digits
  if (digits.startsWith('0')) return HOME_COUNTRY_CODE + digits.slice(1)
  if (digits.length === 10 && digits.startsWith('1')) return HOME_COUNTRY_CODE + digits
  return digits
}

/**
 * Letters and digits only, lower case: `House 12, Road 3` and `house12 road-3.` are one
 * address. Case, spacing and punctuation do not make a new address.
 */
export function addressKey(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}
