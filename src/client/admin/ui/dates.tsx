import { COUNCIL_LOCALE } from '../../../shared/site'

/**
 * The admin's one date format: the council's locale (shared/site.ts), in the reader's own time zone.
 * Admin screens render only in the browser (the layout waits for the sign-in check), so the server's
 * zone never meets the browser's.
 */
const withTime = new Intl.DateTimeFormat(COUNCIL_LOCALE, { dateStyle: 'medium', timeStyle: 'short' })
const dayOnly = new Intl.DateTimeFormat(COUNCIL_LOCALE, { dateStyle: 'medium' })

export const formatAdminDate = (value: Date | string, options: { time?: boolean } = {}) =>
  (options.time === false ? dayOnly : withTime).format(new Date(value))

export const isoString = (value: Date | string) => new Date(value).toISOString()

/** A moment as the admin reads it, with the machine-readable value beside it. */
export function AdminDate({ value, time = true }: { value: Date | string; time?: boolean }) {
  return <time dateTime={isoString(value)}>{formatAdminDate(value, { time })}</time>
}
