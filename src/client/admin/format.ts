/**
 * Dates in the admin's own locale and time zone. The admin screens render only in the browser (the
 * layout waits for the sign-in check), so the server's locale never meets the browser's.
 */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export const formatDateTime = (value: Date | string) => dateTime.format(new Date(value))
export const formatDate = (value: Date | string) => dateOnly.format(new Date(value))
export const isoString = (value: Date | string) => new Date(value).toISOString()
