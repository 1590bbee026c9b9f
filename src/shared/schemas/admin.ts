import { z } from 'zod'
import { ADMIN_PAGE_SIZE, AUDIT_ENTITIES, MESSAGE_STATUSES, RESOURCE_CATEGORIES, TEXT_LIMITS } from '../constants'
import { RowIdSchema } from './row-id'
import { storableText } from './text'

export { RowIdParamsSchema, RowIdSchema } from './row-id'

/** A page of a newest-first list: rows older than `before` (an id), at most `limit` of them. */
const pageQuery = (defaultLimit: number) => ({
  before: RowIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(defaultLimit),
})

export const MessageStatusSchema = z.enum(MESSAGE_STATUSES, { error: 'Status must be new, read or archived' })

export const MessageListQuerySchema = z.object({
  status: MessageStatusSchema.optional(),
  ...pageQuery(ADMIN_PAGE_SIZE.messages),
})

export const MessagePatchSchema = z.object({ status: MessageStatusSchema })

export const ActivityQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: `Entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  ...pageQuery(ADMIN_PAGE_SIZE.activity),
})

/** Subscriber ids are random text, so their pages are numbered; `q` keeps the addresses that contain it. */
export const SubscriberListQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1),
  q: storableText(
    z.string().trim().max(TEXT_LIMITS.email, `Search must be at most ${TEXT_LIMITS.email} characters`),
    'Search',
  )
    .optional()
    .transform((value) => (value ? value : undefined)),
})

/**
 * A subscriber's id as a path or body gives it: generated UUIDs, so letters, digits and hyphens.
 * Anything else is refused before the database sees it (a NUL character would fail the query).
 */
export const SubscriberIdSchema = z
  .string()
  .trim()
  .min(1, 'Subscriber id is required')
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'Subscriber id is not valid')

export const SubscriberPatchSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
})

const requiredText = (max: number, label: string) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )

const optionalText = (max: number, label: string) =>
  storableText(z.string().trim().max(max, `${label} must be at most ${max} characters`), label)
    .nullish()
    .transform((value) => (value ? value : null))

export const ResourceInputSchema = z.object({
  title: requiredText(TEXT_LIMITS.title, 'Title'),
  description: optionalText(TEXT_LIMITS.description, 'Description'),
  category: z.enum(RESOURCE_CATEGORIES, { error: 'Choose one of the three resource categories' }),
  fileId: z.string({ error: 'Upload a file for the resource' }).uuid('File id is not valid'),
})
export type ResourceData = z.output<typeof ResourceInputSchema>
