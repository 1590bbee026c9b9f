import { z } from 'zod'
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MAX,
  AUDIT_ENTITIES,
  MESSAGE_STATUSES,
  RESOURCE_CATEGORIES,
  TEXT_LIMITS,
} from '../constants'
import { RowIdSchema } from './row-id'
import { requiredText, storableText } from './text'

export { RowIdParamsSchema, RowIdSchema } from './row-id'

/** What an admin typed into a list's search box; blank is no search at all. */
const search = storableText(
  z.string().trim().max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`),
  'Search',
)
  .optional()
  .transform((value) => (value ? value : undefined))

/**
 * The one paging model of the admin lists: the list's own order, `limit` rows at a time, and
 * `before`, the id of the last row already shown (the next page starts after it; a serial id, or
 * a list's own text id such as a subscriber's). Every admin list
 * takes its search `q` beside it. REST reads these as query parameters (a Link header names the next
 * page); tRPC's infinite queries pass `before` as `cursor` (server/trpc/paging.ts).
 */
const adminList = <Id extends z.ZodType<number | string> = typeof RowIdSchema>(
  defaultLimit: number,
  id: Id = RowIdSchema as unknown as Id,
) => ({
  q: search,
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(defaultLimit),
})

export const StudyListQuerySchema = z.object(adminList(ADMIN_PAGE_SIZE.studies))
export const ResourceListQuerySchema = z.object(adminList(ADMIN_PAGE_SIZE.resources))
export const TestimonialListQuerySchema = z.object(adminList(ADMIN_PAGE_SIZE.testimonials))
export type AdminListQuery = z.output<typeof StudyListQuerySchema>

export const MessageStatusSchema = z.enum(MESSAGE_STATUSES, { error: 'Status must be new, read or archived' })

export const MessageListQuerySchema = z.object({
  status: MessageStatusSchema.optional(),
  ...adminList(ADMIN_PAGE_SIZE.messages),
})

export const MessagePatchSchema = z.object({ status: MessageStatusSchema })

const instant = (label: string) =>
  z.coerce.date({ error: `${label} must be a date, such as 2025-06-01 or 2025-06-01T09:00:00Z` }).optional()

/** The activity log, by who made the change, what kind of thing it changed, and when (`from` inclusive, `to` not). */
export const ActivityQuerySchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES, { error: `Entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    actor: storableText(
      z.string().trim().max(TEXT_LIMITS.email, `Actor must be at most ${TEXT_LIMITS.email} characters`),
      'Actor',
    )
      .optional()
      .transform((value) => (value ? value.toLowerCase() : undefined)),
    from: instant('From'),
    to: instant('To'),
    ...adminList(ADMIN_PAGE_SIZE.activity),
  })
  .omit({ q: true })
export type ActivityQuery = z.output<typeof ActivityQuerySchema>

/**
 * A subscriber's id as a path, body or list cursor gives it: generated UUIDs, so letters, digits and
 * hyphens. Anything else is refused before the database sees it (a NUL character would fail the query).
 */
export const SubscriberIdSchema = z
  .string()
  .trim()
  .min(1, 'Subscriber id is required')
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'Subscriber id is not valid')

/** The shared list schema, its `before` naming a subscriber's text id; `q` keeps the addresses that contain it. */
export const SubscriberListQuerySchema = z.object(adminList(ADMIN_PAGE_SIZE.subscribers, SubscriberIdSchema))

export const SubscriberPatchSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
})

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
