import { channel } from 'node:diagnostics_channel'
import type { FastifyBaseLogger } from 'fastify'
import type { MailEventProvider, SuppressionReason } from '../shared/constants'
import { serializeError } from './log'
import type { Job } from './metrics/metrics'

/**
 * The state changes an operator may search the log for, each with its fields (docs/metrics.md,
 * "Structured events"). Names and fields are a contract: add, never rename. No field holds a
 * person's name, address or e-mail: a listing's number, a post's id, a standard's number are the
 * council's own public identifiers.
 */
export type SiteEvents = {
  'newsletter.issue.started': { post: number; recipients: number }
  'newsletter.issue.finished': { post: number; sent: number; failed: number; cancelled: number }
  /** The newsletter stopped going to a subscriber on the mail provider's report (a subscriber's id, never the address). */
  'newsletter.address.suppressed': { subscriber: string; reason: SuppressionReason; provider: MailEventProvider }
  'standards.review.opened': { standard: string; version: string; closesAt: string }
  'standards.review.closed': { standard: string; version: string }
  'registry.listing.status_changed': { listing: string; from: string; to: string; by: 'council' | 'clock' }
  'auth.sign_in.refused': { method: 'oidc' | 'link'; reason: string }
  'job.failed': { job: Job; err: unknown }
}

export type SiteEventName = keyof SiteEvents
export type SiteEvent = { [Name in SiteEventName]: { event: Name } & SiteEvents[Name] }[SiteEventName]

/** What each event's line says in words, beside its `event` field. */
const MESSAGES: Record<SiteEventName, string> = {
  'newsletter.issue.started': 'newsletter issue started',
  'newsletter.issue.finished': 'newsletter issue finished',
  'newsletter.address.suppressed': 'newsletter address suppressed',
  'standards.review.opened': 'public review opened',
  'standards.review.closed': 'public review closed',
  'registry.listing.status_changed': 'registry listing status changed',
  'auth.sign_in.refused': 'sign-in refused',
  'job.failed': 'scheduled job failed; it will run again',
}

/**
 * Services announce on a diagnostics channel rather than hold a logger: they stay free of the
 * app, nothing is built when nobody listens, and the app that runs them writes the line
 * (plugins/site-events.ts). Announced once the change is stored (after its transaction, except
 * where the caller's own transaction holds the change).
 */
const siteEvents = channel('mhbot:site-events')

export function announce<Name extends SiteEventName>(event: Name, fields: SiteEvents[Name]): void {
  if (siteEvents.hasSubscribers) siteEvents.publish({ event, ...fields })
}

/** Writes every event announced in this process to `log`, until the returned function is called. */
export function logSiteEvents(log: FastifyBaseLogger): () => void {
  const write = (message: unknown) => {
    const line = message as SiteEvent
    if (line.event === 'job.failed')
      log.warn({ event: line.event, job: line.job, err: serializeError(line.err) }, MESSAGES[line.event])
    else log.info(line, MESSAGES[line.event])
  }
  siteEvents.subscribe(write)
  return () => {
    siteEvents.unsubscribe(write)
  }
}
