import { z } from 'zod'
import { ADMIN_PAGE_SIZE, POST_STATUSES, POST_SUMMARY_MAX } from '../constants'
import { StudyListQuerySchema } from './admin'
import { storableText } from './text'

/*
 * News posts, as the admin form, the REST routes and the tRPC procedures read them
 * (docs/decisions/026-news-and-newsletter-issues.md).
 */

export const POST_TITLE_MAX = 200
export const POST_SLUG_MAX = 100
export const POST_BODY_MAX = 100_000

/** Lowercase letters and digits, words joined by single hyphens: `board-meeting-2025`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SLUG_MESSAGE = 'Slug may hold only lowercase letters, digits and single hyphens between them'

/** The slug a title suggests: accents dropped, anything else between words one hyphen. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, POST_SLUG_MAX)
    .replace(/^-+|-+$/g, '')
}

const text = (max: number, label: string, required: boolean) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(required ? 1 : 0, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )

export const PostSlugSchema = storableText(
  z
    .string({ error: 'Slug must be text' })
    .trim()
    .min(1, 'Slug is required')
    .max(POST_SLUG_MAX, `Slug must be at most ${POST_SLUG_MAX} characters`)
    .regex(SLUG_PATTERN, SLUG_MESSAGE),
  'Slug',
)

export const PostStatusSchema = z.enum(POST_STATUSES, { error: 'Status must be draft, scheduled or published' })

const postFields = {
  title: text(POST_TITLE_MAX, 'Title', true),
  /** Absent or blank: made from the title (a new post) or left as it is (an edit). */
  slug: z.preprocess((value) => (value === '' || value === null ? undefined : value), PostSlugSchema.optional()),
  summary: text(POST_SUMMARY_MAX, 'Summary', true),
  body: text(POST_BODY_MAX, 'Body', false).default(''),
  status: PostStatusSchema,
  publishAt: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce.date({ error: 'Publish at must be a date and time, such as 2025-06-01T09:00:00Z' }).nullish(),
  ),
}

/** A scheduled post needs its time, and that time must still be ahead. */
const scheduledInFuture = (input: { status: string; publishAt?: Date | null }, ctx: z.RefinementCtx) => {
  if (input.status !== 'scheduled') return
  if (!input.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Choose when to publish' })
  else if (input.publishAt.getTime() <= Date.now())
    ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'Publish at must be in the future' })
}

export const PostInputSchema = z.object(postFields).superRefine(scheduledInFuture)
export type PostInput = z.output<typeof PostInputSchema>

export const PostListQuerySchema = StudyListQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_PAGE_SIZE.news),
})

/** The public list's page number: 1 when absent. */
export const NewsPageSchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be at most 100000')
    .default(1),
})

export const PostSlugParamsSchema = z.object({ slug: z.string().max(POST_SLUG_MAX * 2) })

/** The editors' preview serves news posts and standards alike: the longer of their two limits. */
export const PREVIEW_BODY_MAX = 200_000
/**
 * How a page shows an author's headings (src/server/services/markdown.ts): 'shifted', each one level
 * lower than written (a standard's, under the page's own h2); 'fromH2', the shallowest becomes an h2
 * (a post's, right under its title).
 */
export const HEADING_STYLES = ['shifted', 'fromH2'] as const
export type HeadingStyle = (typeof HEADING_STYLES)[number]
export const PreviewInputSchema = z.object({
  body: text(PREVIEW_BODY_MAX, 'Body', false),
  headings: z.enum(HEADING_STYLES).optional(),
})
