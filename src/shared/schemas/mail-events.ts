import { z } from 'zod'
import { MAIL_EVENT_KINDS } from '../constants'

/**
 * The generic shape of `POST /api/mail/events/generic` (docs/mail-events.md): for a relay or a
 * provider without an adapter of its own, translated by a small script of the operator's.
 */
export const GenericMailEventSchema = z.object({
  type: z.enum(MAIL_EVENT_KINDS, { error: `type must be one of ${MAIL_EVENT_KINDS.join(', ')}` }),
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254, 'email must be at most 254 characters')
    .email('email must be an e-mail address'),
  /** The sender's id of the report: a report sent again with the same id counts once. */
  id: z.string().trim().min(1, 'id must not be empty').max(200, 'id must be at most 200 characters').optional(),
  /** When the bounce or complaint happened; the time the call arrives when left out. */
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO 8601 date and time' }).optional(),
})

export const GenericMailEventsSchema = z.object({
  events: z
    .array(GenericMailEventSchema, { error: 'events must be a list' })
    .min(1, 'events must hold at least one report')
    .max(500, 'events must hold at most 500 reports'),
})
export type GenericMailEvents = z.infer<typeof GenericMailEventsSchema>
