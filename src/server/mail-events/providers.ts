import { z } from 'zod'
import type { MailEventKind } from '../../shared/constants'
import type { GenericMailEvents } from '../../shared/schemas/mail-events'
import type { MailEventReport } from '../services/mail-events'

/*
 * Each provider's call as the reports the service acts on (docs/mail-events.md). What a provider
 * reports beyond bounces and complaints (deliveries, opens, auto-replies) is counted and left.
 */

const address = z.string().trim().max(254).email()

/** A report's time: the provider's when it is a date not in the future, else the call's. */
function when(value: unknown, now: Date): Date {
  const at = typeof value === 'string' ? new Date(value) : null
  return at && !Number.isNaN(at.getTime()) && at <= now ? at : now
}

function report(kind: MailEventKind, email: unknown, occurredAt: Date, eventId: string | null): MailEventReport[] {
  const parsed = address.safeParse(email)
  return parsed.success ? [{ kind, email: parsed.data, occurredAt, eventId }] : []
}

export function genericReports(body: GenericMailEvents, now: Date): MailEventReport[] {
  return body.events.flatMap((event) => report(event.type, event.email, when(event.occurredAt, now), event.id ?? null))
}

/**
 * Postmark's bounce and spam-complaint webhooks (one record per call). Its bounce types that say the
 * address will not take mail are hard; those that may pass later are soft; the rest (auto-replies,
 * challenge mails, its own errors) are no bounce of the reader's.
 */
const POSTMARK_KIND: Record<string, MailEventKind> = {
  HardBounce: 'hard_bounce',
  BadEmailAddress: 'hard_bounce',
  ManuallyDeactivated: 'hard_bounce',
  SoftBounce: 'soft_bounce',
  Transient: 'soft_bounce',
  DnsError: 'soft_bounce',
  Blocked: 'soft_bounce',
  SpamComplaint: 'complaint',
}

const PostmarkRecordSchema = z.object({
  RecordType: z.string().max(64),
  ID: z.union([z.number(), z.string().max(100)]).optional(),
  Type: z.string().max(64).optional(),
  Email: z.string().max(1000),
  BouncedAt: z.string().max(64).optional(),
})

export function postmarkReports(body: unknown, now: Date): MailEventReport[] | null {
  const parsed = PostmarkRecordSchema.safeParse(body)
  if (!parsed.success) return null
  const record = parsed.data
  const kind =
    record.RecordType === 'SpamComplaint'
      ? 'complaint'
      : record.RecordType === 'Bounce' && record.Type
        ? POSTMARK_KIND[record.Type]
        : undefined
  if (!kind) return []
  return report(kind, record.Email, when(record.BouncedAt, now), record.ID === undefined ? null : String(record.ID))
}

/**
 * SES's notification (the Message of an SNS Notification): `notificationType` as SES's feedback
 * notifications name it, `eventType` as its event publishing does. A Permanent bounce is hard;
 * Transient and Undetermined are soft. A complaint whose feedback type is "not-spam" is no complaint.
 */
const recipients = z.array(z.object({ emailAddress: z.string().max(1000) }).loose()).max(100)
const SesNotificationSchema = z
  .object({
    notificationType: z.string().max(64).optional(),
    eventType: z.string().max(64).optional(),
    bounce: z
      .object({
        bounceType: z.string().max(64),
        bouncedRecipients: recipients,
        timestamp: z.string().max(64).optional(),
        feedbackId: z.string().max(200).optional(),
      })
      .loose()
      .optional(),
    complaint: z
      .object({
        complainedRecipients: recipients,
        timestamp: z.string().max(64).optional(),
        feedbackId: z.string().max(200).optional(),
        complaintFeedbackType: z.string().max(64).optional(),
      })
      .loose()
      .optional(),
  })
  .loose()

export function sesReports(message: string, now: Date): MailEventReport[] | null {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    return null
  }
  const parsed = SesNotificationSchema.safeParse(json)
  if (!parsed.success) return null
  const notification = parsed.data
  const type = notification.notificationType ?? notification.eventType
  if (type === 'Bounce' && notification.bounce) {
    const { bounce } = notification
    const kind: MailEventKind = bounce.bounceType === 'Permanent' ? 'hard_bounce' : 'soft_bounce'
    return bounce.bouncedRecipients.flatMap((one) =>
      report(kind, one.emailAddress, when(bounce.timestamp, now), bounce.feedbackId ?? null),
    )
  }
  if (type === 'Complaint' && notification.complaint) {
    const { complaint } = notification
    if (complaint.complaintFeedbackType === 'not-spam') return []
    return complaint.complainedRecipients.flatMap((one) =>
      report('complaint', one.emailAddress, when(complaint.timestamp, now), complaint.feedbackId ?? null),
    )
  }
  return []
}
