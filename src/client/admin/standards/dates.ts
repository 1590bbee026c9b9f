import { formatAdminDate } from '../ui/dates'

/**
 * A calendar day (2026-01-15: an effective date) in the admin's format. Read at noon in the
 * reader's zone, so no zone moves it to the day before, as midnight UTC would west of Greenwich.
 */
export const printedDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatAdminDate(`${day}T12:00:00`, { time: false }) : day
