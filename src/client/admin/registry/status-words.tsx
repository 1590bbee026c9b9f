import { LISTING_STATUS_LABELS } from '../../../shared/registry'
import { StateBadge, type Tone } from '../ui/badges'
import { formatAdminDate } from '../ui/dates'
import type { ListingStatus } from './types'

/** A status always in words; the badge's tone only repeats them (listed is done, suspended waits, withdrawn failed). */
const TONES: Record<ListingStatus, Tone> = {
  listed: 'done',
  suspended: 'waiting',
  withdrawn: 'failed',
  expired: 'seen',
}

export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <StateBadge tone={TONES[status]} data-testid="listing-status">
      {LISTING_STATUS_LABELS[status]}
    </StateBadge>
  )
}

/**
 * A calendar day (2027-01-31) in the admin's format, read at noon in the reader's zone so that no
 * zone moves it to the day before.
 */
export const printedDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatAdminDate(`${day}T12:00:00`, { time: false }) : day

export function ListingDay({ day }: { day: string }) {
  return <time dateTime={day}>{printedDay(day)}</time>
}
