/**
 * The payment reference a buyer writes on a bank transfer, made from the order's id
 * alone so it is the same every time the proforma is printed and needs no table of its own.
 *
 * `TW`, the order id's 128 bits in 26 characters of Crockford's base 32 (digits and capitals
 * without I, L, O and U, so nothing reads as another character), and one check character:
 * 29 characters, within a gateway's 30 (TRAN_ID_MAX). All 128 bits are kept, so two orders
 * never share a reference; shortening it would trade that guarantee for a few characters.
 * The check character (the value modulo 29, a prime, so a changed character or two swapped
 * neighbours change it) lets the parser tell a reference from a typing slip or from other
 * text on a statement line.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const PREFIX = 'TW'
const BODY_LENGTH = 26
const CHECK_MODULUS = 29n
export const PAYMENT_REFERENCE_LENGTH = PREFIX.length + BODY_LENGTH + 1

/** What a person may type for a character that is not in the alphabet (Crockford's reading). */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The order's payment reference, e.g. `TW3Z0M5R…`; throws for anything that is not a uuid. */
export function paymentReference(orderId: string): string {
  if (!UUID.test(orderId)) throw new Error(`paymentReference: not an order id: ${orderId}`)
  let value = BigInt(`0x${orderId.replaceAll('-', '')}`)
  const check = ALPHABET[Number(value % CHECK_MODULUS)]
  let body = ''
  for (let i = 0; i < BODY_LENGTH; i++) {
    body = ALPHABET[Number(value & 31n)] + body
    value >>= 5n
  }
  return `${PREFIX}${body}${check}`
}

/** The order id a reference's 27 characters (body and check) stand for, if they hold. */
function decode(chars: string): string | undefined {
  let value = 0n
  for (const char of chars.slice(0, BODY_LENGTH)) {
    const digit = ALPHABET.indexOf(READ_AS[char] ?? char)
    if (digit < 0) return undefined
    value = (value << 5n) | BigInt(digit)
  }
  // 26 characters carry 130 bits; an id has 128, so a larger value is no reference.
  if (value >> 128n !== 0n) return undefined
  const check = chars.charAt(BODY_LENGTH)
  if (ALPHABET.indexOf(READ_AS[check] ?? check) !== Number(value % CHECK_MODULUS)) return undefined
  const hex = value.toString(16).padStart(32, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export type FoundPaymentReference = { reference: string; orderId: string }

/**
 * Finds a payment reference in a line of a bank statement, however the bank or the buyer wrote
 * it: any case, with spaces or dashes inside it, O for 0 and I or L for 1. Answers the reference
 * as the shop prints it and the order id, or undefined when the line holds none.
 */
export function findPaymentReference(line: string): FoundPaymentReference | undefined {
  // Spaces and dashes go first, so a reference split into groups reads as one word.
  const compact = line.toUpperCase().replace(/[\s\-\u2010-\u2015]+/g, '')
  for (let at = compact.indexOf(PREFIX); at >= 0; at = compact.indexOf(PREFIX, at + 1)) {
    const chars = compact.slice(at + PREFIX.length, at + PAYMENT_REFERENCE_LENGTH)
    if (chars.length < BODY_LENGTH + 1) break
    const orderId = decode(chars)
    if (orderId) return { reference: paymentReference(orderId), orderId }
  }
  return undefined
}
