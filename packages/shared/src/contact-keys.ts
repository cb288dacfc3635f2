/**
 * The delivery phone and address, and the account's e-mail, as the first-order discount
 * compares them: one discount per phone number, per address and per mailbox, however they are
 * typed. Pure, so the server's rule and its tests agree on one definition.
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
 * Words an address spells out or shortens as it likes, each with the one form the key keeps:
 * "Rd 3" and "Road 3" are one street, "H 12", "Hse 12" and "House 12" one house. Whole words
 * only, so "Rd" inside "Board" stays as it is. A trailing dot ("Rd.") is punctuation and goes.
 */
export const ADDRESS_WORD_FORMS: Readonly<Record<string, string>> = {
  rd: 'road',
  h: 'house',
  hse: 'house',
  st: 'street',
  str: 'street',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  blk: 'block',
  sec: 'sector',
  apt: 'apartment',
  flr: 'floor',
}

/**
 * Letters and digits only, lower case, common abbreviations written out: `House 12, Road 3`,
 * `house12 road-3.` and `H-12, Rd. 3` are one address. Case, spacing, punctuation and the
 * short forms of ADDRESS_WORD_FORMS do not make a new address.
 */
export function addressKey(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap(splitNumberedWord)
    .map((word) => ADDRESS_WORD_FORMS[word] ?? word)
    .join('')
}

/**
 * "h12" and "rd3" are a short word glued to its number: split them so the word can be written
 * out ("house12"). Only a known short form is split off; "b12" or "a3" stay whole.
 */
function splitNumberedWord(word: string): string[] {
  const glued = /^(\p{L}+)(\p{N}+)$/u.exec(word)
  if (glued?.[1] && glued[2] && ADDRESS_WORD_FORMS[glued[1]]) return [glued[1], glued[2]]
  return [word]
}

/**
 * Mailboxes whose provider delivers `name+anything@` to `name@`: the tag makes no new person.
 * Yahoo's disposable addresses use another scheme (a base name and a keyword chosen in
 * advance), so it is not listed.
 */
export const PLUS_TAG_DOMAINS: readonly string[] = [
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
]

/** Mailboxes that ignore dots in the name: `j.o.hn@gmail.com` reaches `john@gmail.com`. */
export const DOT_BLIND_DOMAINS: readonly string[] = ['gmail.com']

/** Another domain name for the same mailboxes. */
export const EMAIL_DOMAIN_ALIASES: Readonly<Record<string, string>> = {
  'googlemail.com': 'gmail.com',
}

/**
 * An e-mail address as the first-order discount compares accounts: lower case, the domain's
 * alias resolved, a plus-tag dropped and dots ignored where the mailbox provider does so. Two
 * accounts whose mail lands in one mailbox are one buyer. Other domains keep the name as it
 * is: some of them do tell `a.b@` from `ab@`.
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  const domain = EMAIL_DOMAIN_ALIASES[lower.slice(at + 1)] ?? lower.slice(at + 1)
  let name = lower.slice(0, at)
  if (PLUS_TAG_DOMAINS.includes(domain)) name = name.split('+')[0] ?? name
  if (DOT_BLIND_DOMAINS.includes(domain)) name = name.replaceAll('.', '')
  return `${name}@${domain}`
}
