import type { VersionState } from '../../../shared/constants'
import { REVIEW_DEFAULT_DAYS, versionPath } from '../../../shared/schemas/standards'
import { compareVersionLabels } from '../../../shared/version-labels'
import type { Tone } from '../ui/badges'
import type { StandardDocument, StandardVersion } from './types'

/** A version's state by what it asks of the council: a review waits on it, a draft on its author. */
export const STATE_TONES: Record<VersionState, Tone> = {
  draft: 'pending',
  review: 'waiting',
  published: 'done',
  superseded: 'off',
  withdrawn: 'off',
}

/** The version being worked on: at most one per document (the server refuses a second draft). */
export const workInProgress = (document: StandardDocument) =>
  document.versions.find((version) => version.state === 'draft' || version.state === 'review') ?? null

/** Whether a version has a public page: a draft never had one, nor a withdrawal that never went to review. */
export const isPublic = (version: StandardVersion) =>
  version.state !== 'draft' && !(version.state === 'withdrawn' && version.reviewOpenedAt === null)

/** Its comments have a screen once it went to review (the comments screen lists exactly those). */
export const hasComments = (version: StandardVersion) => version.state === 'review' || version.comments.total > 0

export const publicPath = (document: StandardDocument, version: StandardVersion) =>
  versionPath(document.key, version.version)

/**
 * How the comments screen is told which version to show: the route keeps only `q` (a route file is
 * one line), so `q` carries the version as its public address does, KEY/v/VERSION.
 */
export const commentsSearch = (key: string, version: string) => ({ q: `${key}/v/${version}` })

/**
 * The next minor version after the highest one, skipping labels already used (a withdrawn 1.1
 * keeps its label, so the next draft is 1.2).
 */
export function nextMinor(versions: readonly { version: string }[]): string {
  const labels = versions.map((version) => version.version)
  const highest = [...labels].sort(compareVersionLabels).at(-1) ?? '0.9'
  const [major = 1, minor = 0] = highest.split('.').map(Number)
  let next = minor + 1
  while (labels.includes(`${major}.${next}`)) next += 1
  return `${major}.${next}`
}

/**
 * The default closing date: the shortest review, counted from today in UTC as the server counts it,
 * so the default is never a day short for a reader west of Greenwich.
 */
export const defaultClosingDate = (now = new Date()) =>
  new Date(now.getTime() + REVIEW_DEFAULT_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

/** Today in the reader's own calendar, as a date field holds it. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A date field's day as the moment the server reads as "closes at the end of that day (UTC)". */
export const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * The server names a field by its path in the whole input ('patch.body', 'hide.reason', 'draft.version');
 * a form holds only the inner object, so the prefix goes.
 */
export const fieldsUnder = (prefix: string, errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(`${prefix}.`, ''), message]))
