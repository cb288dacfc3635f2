import { formatMoney } from '@toolworks/shared'

// The dates are the shop's calendar dates (YYYY-MM-DD); read at UTC midnight they never shift.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

const atUtcMidnight = (date: string) => new Date(`${date}T00:00:00Z`)

/** "Mon, Nov 23, 2026" */
export const formatDay = (date: string) => dayFormat.format(atUtcMidnight(date))
/** "Nov 23", the chart's axis. */
export const formatShortDay = (date: string) => shortDayFormat.format(atUtcMidnight(date))
export const formatDollars = (dollars: number) => formatMoney(dollars)
