/**
 * The shop's calendar, in one place: Dhaka's dates, its midnight, its working
 * days. Every function takes the instant it reasons about (`now`, `at`), never reads the system
 * clock itself, so the server's injected clock (`AppOptions.clock`) and a test's fixed one
 * decide what "today" is.
 */

/** A source of the current instant; the server's is `AppOptions.clock`, tests pass fixed ones. */
export type Clock = () => Date
export const systemClock: Clock = () => new Date()

/** Bangladesh's weekend: Friday and Saturday (0 is Sunday, as Date#getUTCDay counts). */
export const WEEKEND_DAYS: readonly number[] = [5, 6]
/** Dhaka is UTC+6 all year (no daylight saving), so a shop day is always 24 hours. */
export const SHOP_UTC_OFFSET_MINUTES = 360

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** The shop's calendar date (YYYY-MM-DD) at an instant. */
export function shopDate(at: Date, offsetMinutes = SHOP_UTC_OFFSET_MINUTES): string {
  return new Date(at.getTime() + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10)
}

/** The shop's date and time of an instant (ISO text), as "2026-03-10 09:41". */
export function shopDateTime(iso: string, offsetMinutes = SHOP_UTC_OFFSET_MINUTES): string {
  const at = new Date(Date.parse(iso) + offsetMinutes * MINUTE_MS).toISOString()
  return `${at.slice(0, 10)} ${at.slice(11, 16)}`
}

/** The calendar date `days` after `date` (YYYY-MM-DD); negative goes back. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The shop's date `days` calendar days after the shop's today at `now`. */
export function shopDateIn(days: number, now: Date): string {
  return addDays(shopDate(now), days)
}

/** The instant a shop date (YYYY-MM-DD) begins: the shop's midnight. */
export function shopDayStart(date: string, offsetMinutes = SHOP_UTC_OFFSET_MINUTES): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - offsetMinutes * MINUTE_MS)
}

/** The instant a shop date ends: the next shop midnight. */
export function shopDayEnd(date: string, offsetMinutes = SHOP_UTC_OFFSET_MINUTES): Date {
  return shopDayStart(addDays(date, 1), offsetMinutes)
}

/** The date `days` working days after `date` (YYYY-MM-DD), skipping the weekend. */
export function addWorkingDays(
  date: string,
  days: number,
  weekend: readonly number[] = WEEKEND_DAYS,
): string {
  const day = new Date(`${date}T00:00:00Z`)
  let left = days
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1)
    if (!weekend.includes(day.getUTCDay())) left -= 1
  }
  return day.toISOString().slice(0, 10)
}

export type ShopDays = { from: Date; to: Date; firstDate: string; lastDate: string }

/**
 * The last `days` shop dates, today (at `now`) included: from the first one's shop midnight to
 * the shop midnight after today (the overview's day buckets).
 */
export function lastShopDays(
  now: Date,
  days: number,
  offsetMinutes = SHOP_UTC_OFFSET_MINUTES,
): ShopDays {
  const lastDate = shopDate(now, offsetMinutes)
  const firstDate = addDays(lastDate, -(days - 1))
  return {
    from: shopDayStart(firstDate, offsetMinutes),
    to: shopDayEnd(lastDate, offsetMinutes),
    firstDate,
    lastDate,
  }
}

/** Whether `value` is a date (YYYY-MM-DD) the calendar has: 2026-02-30 is not. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const at = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value)
}
