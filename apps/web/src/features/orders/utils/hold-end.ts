/** "16:42", or the date too when the hold ends on another day than `now`. */
export function holdEnd(payBy: string, now: Date = new Date()): string {
  const end = new Date(payBy)
  const time = end.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return end.toDateString() === now.toDateString() ? time : `${end.toLocaleDateString()} ${time}`
}
