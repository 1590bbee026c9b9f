import {
  APPLICATION_STATE_LABELS,
  type ApplicationPurpose,
  type ApplicationState,
  CONCERN_STATE_LABELS,
  type ConcernState,
} from '../../../shared/registry-applications'
import { StateBadge, type Tone } from '../ui/badges'

/** A state always in words; the tone repeats them (received waits on the council, questions on the applicant). */
const APPLICATION_TONES: Record<ApplicationState, Tone> = {
  received: 'waiting',
  questions: 'pending',
  approved: 'done',
  declined: 'seen',
}
const CONCERN_TONES: Record<ConcernState, Tone> = { new: 'waiting', looking: 'pending', closed: 'seen' }

export function ApplicationStateBadge({ state }: { state: ApplicationState }) {
  return (
    <StateBadge tone={APPLICATION_TONES[state]} data-testid="application-state">
      {APPLICATION_STATE_LABELS[state]}
    </StateBadge>
  )
}

export function ConcernStateBadge({ state }: { state: ConcernState }) {
  return (
    <StateBadge tone={CONCERN_TONES[state]} data-testid="concern-state">
      {CONCERN_STATE_LABELS[state]}
    </StateBadge>
  )
}

/** A first application or a renewal, as the queue names it. */
export const PURPOSE_LABELS: Record<ApplicationPurpose, string> = { new: 'New listing', renewal: 'Renewal' }

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** How long ago, in the largest whole unit: "3 days", "5 hours", "under a minute". */
export function ageWords(at: string, now = Date.now()): string {
  const ms = Math.max(0, now - new Date(at).getTime())
  if (ms >= DAY) return counted(Math.floor(ms / DAY), 'day')
  if (ms >= HOUR) return counted(Math.floor(ms / HOUR), 'hour')
  if (ms >= MINUTE) return counted(Math.floor(ms / MINUTE), 'minute')
  return 'under a minute'
}

/** "3 days ago", with the moment itself for a pointer's title and a machine. */
export function Age({ at }: { at: string }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {ageWords(at)} ago
    </time>
  )
}
