import { z } from 'zod'
import { DISPOSITIONS, STANDARD_KINDS } from '../constants'
import { COMMENT_RULES, HONEYPOT_MAX, type TextRule } from '../form-rules'
import { storableText } from './text'

/*
 * The council's standards, as the public pages, the comment form, the admin and the REST routes
 * read them (docs/decisions/028-standards-as-versioned-documents.md).
 */

export const STANDARD_BODY_MAX = 200_000
export const CHANGE_SUMMARY_MAX = 2_000
export const RESPONSE_MAX = 5_000
export const HIDE_REASON_MAX = 500
export const VERSION_LABEL_MAX = 20
/** How long a public review stays open unless the council chooses a later date. */
export const REVIEW_DEFAULT_DAYS = 14

/** 1.0, 1.1, 2.0, 2.0.1: digits and single dots. */
export const VERSION_PATTERN = /^\d+(?:\.\d+)*$/
export const VERSION_MESSAGE = 'Version must be digits and dots, such as 1.1 or 2.0'

/** A document's number as a URL writes it: `/` as `-` (MHBOT-SC/G-002 → MHBOT-SC-G-002). */
export const standardKey = (number: string) => number.trim().replaceAll('/', '-').toUpperCase()

/** The number in a URL or a request, either way it is written; the lookup goes by its key. */
export const StandardNumberSchema = z
  .string({ error: 'Document number must be text' })
  .trim()
  .min(1, 'Document number is required')
  .max(60, 'No such document')
  .regex(/^[A-Za-z0-9/-]+$/, 'No such document')

export const VersionLabelSchema = z
  .string({ error: 'Version is required' })
  .trim()
  .min(1, 'Version is required')
  .max(VERSION_LABEL_MAX, `Version must be at most ${VERSION_LABEL_MAX} characters`)
  .regex(VERSION_PATTERN, VERSION_MESSAGE)

export const StandardParamsSchema = z.object({ number: StandardNumberSchema })
export const VersionParamsSchema = z.object({ number: StandardNumberSchema, version: VersionLabelSchema })
export const CompareParamsSchema = z.object({
  number: StandardNumberSchema,
  from: VersionLabelSchema,
  to: VersionLabelSchema,
})

const ruleText = (rule: TextRule, label: string) => {
  let schema = z.string({ error: `${label} must be text` }).trim()
  if (rule.min) schema = schema.min(rule.min.length, rule.min.message)
  return storableText(schema.max(rule.max.length, rule.max.message), label)
}

/** Blank or absent optional text is null. */
const optionalText = (schema: z.ZodString) =>
  z
    .preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable())
    .transform((value) => (value === '' ? null : value))

/** A visitor's comment on a version in public review. */
export const CommentInputSchema = z.object({
  name: ruleText(COMMENT_RULES.name, 'Name'),
  organisation: optionalText(ruleText(COMMENT_RULES.organisation, 'Organisation')).default(null),
  email: z
    .string({ error: COMMENT_RULES.email.invalid })
    .trim()
    .max(COMMENT_RULES.email.max.length, COMMENT_RULES.email.max.message)
    .email(COMMENT_RULES.email.invalid),
  section: ruleText(COMMENT_RULES.section, 'Section'),
  comment: ruleText(COMMENT_RULES.comment, 'Comment'),
  proposedChange: optionalText(ruleText(COMMENT_RULES.proposedChange, 'Proposed change')).default(null),
  /** Whether the name and organisation may be published with the comment; without it, neither is. */
  consent: z.preprocess(
    (value) => (value === 'on' || value === 'true' ? true : value === undefined || value === 'false' ? false : value),
    z.boolean({ error: 'Consent must be true or false' }),
  ),
  /** Honeypot: hidden from people; a filled value marks a bot. */
  website: z.string().max(HONEYPOT_MAX).optional(),
})
export type CommentInput = z.output<typeof CommentInputSchema>

const adminText = (max: number, label: string, required: boolean) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(required ? 1 : 0, `${label} is required`)
      .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
    label,
  )

export const ChangeSummarySchema = adminText(CHANGE_SUMMARY_MAX, 'Change summary', true)
export const StandardBodySchema = adminText(STANDARD_BODY_MAX, 'Body', true)

/** A new draft: its label, what it changes, and its text (the current version's, when absent). */
export const DraftInputSchema = z.object({
  version: VersionLabelSchema,
  changeSummary: ChangeSummarySchema,
  body: StandardBodySchema.optional(),
})
export type DraftInput = z.output<typeof DraftInputSchema>

/**
 * A new document and its first draft (issue 40, item 2): a number for life, a title, a kind, and
 * the draft's label, change summary and text.
 */
export const DocumentInputSchema = z.object({
  number: z
    .string({ error: 'Document number is required' })
    .trim()
    .toUpperCase()
    .min(1, 'Document number is required')
    .max(40, 'Document number must be at most 40 characters')
    .regex(
      /^[A-Z0-9]+(?:[/-][A-Z0-9]+)*$/,
      'Document number is letters and digits with / or - between them, such as MHBOT-SC/G-007',
    ),
  title: adminText(200, 'Title', true),
  kind: z.enum(STANDARD_KINDS, { error: `Kind must be ${STANDARD_KINDS.join(' or ')}` }),
  description: adminText(500, 'Description', false).optional(),
  version: VersionLabelSchema.default('1.0'),
  changeSummary: ChangeSummarySchema,
  body: StandardBodySchema,
})
export type DocumentInput = z.output<typeof DocumentInputSchema>

export const VersionPatchSchema = z
  .object({ changeSummary: ChangeSummarySchema.optional(), body: StandardBodySchema.optional() })
  .refine((value) => value.changeSummary !== undefined || value.body !== undefined, {
    message: 'Send a body or a change summary to change',
  })
export type VersionPatch = z.output<typeof VersionPatchSchema>

export const ReviewInputSchema = z.object({
  closesAt: z.coerce.date({ error: 'Closing date must be a date, such as 2026-12-31' }),
})

/** A calendar date, YYYY-MM-DD, that exists. */
export const CalendarDateSchema = z
  .string({ error: 'Effective date is required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective date must be a date, such as 2026-12-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'Effective date must be a date that exists')

export const PublishInputSchema = z.object({ effectiveDate: CalendarDateSchema })

/** What a news draft tells the subscribers of: a review that opened (the default) or a version published. */
export const AnnounceInputSchema = z.object({
  kind: z.enum(['review', 'published'], { error: 'kind must be review or published' }).default('review'),
})

export const DispositionSchema = z.enum(DISPOSITIONS, {
  error: 'Disposition must be accepted, accepted_with_changes or not_accepted',
})

/** The council's written answer to a comment (editors and owners). */
export const AnswerInputSchema = z.object({
  disposition: DispositionSchema,
  response: adminText(RESPONSE_MAX, 'Response', true),
})
/** A moderator hiding spam (it stays in the record) or showing it again. */
export const HideInputSchema = z
  .object({
    hidden: z.boolean({ error: 'Hidden must be true or false' }),
    reason: adminText(HIDE_REASON_MAX, 'Reason', false).optional(),
  })
  .refine((value) => !value.hidden || (value.reason ?? '') !== '', {
    message: 'Say why the comment is hidden',
    path: ['reason'],
  })

/** A version's PDF: /downloads/MHBOT-SC-G-002-v1.1.pdf (routes/downloads.ts serves it). */
export const versionPdfPath = (key: string, version: string) => `/downloads/${key}-v${version}.pdf`
/** A version's page. */
export const versionPath = (key: string, version: string) => `/standards/${key}/v/${version}`
