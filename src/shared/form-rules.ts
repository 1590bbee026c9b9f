import { TEXT_LIMITS } from './constants'
import { checkText, codePointLength, type TextRule } from './text-rules'

export {
  checkText,
  codePointLength,
  readStudySearch,
  SITE_SEARCH_RULE,
  STUDY_SEARCH_RULE,
  storableTextMessages,
  type TextRule,
} from './text-rules'

/**
 * The public forms' rules, without zod: the limits and messages that the shared zod schemas
 * (schemas/contact.ts, schemas/testimonial.ts) are built from, and the small checks the browser
 * runs with them, so a public page never loads zod (docs/decisions/021-first-load-budget.md).
 * The server still parses every submission with the zod schemas; tests/unit/form-rules.test.ts
 * holds the two to the same verdicts and the same first message per field.
 */

/**
 * zod's own e-mail check (z.email(), zod's regexes.email), which the schemas use; the unit test
 * fails should a zod update change it.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** The hidden honeypot field: bots fill it; the schemas cap it with zod's default message. */
export const HONEYPOT_MAX = 500
export const HONEYPOT_MAX_MESSAGE = `Too big: expected string to have <=${HONEYPOT_MAX} characters`

const INVALID_EMAIL = 'Please enter a valid email address'

export const CONTACT_RULES = {
  name: {
    min: { length: 2, message: 'Name must be at least 2 characters' },
    max: { length: TEXT_LIMITS.name, message: `Name must be at most ${TEXT_LIMITS.name} characters` },
    storableLabel: 'Name',
  },
  email: { max: { length: TEXT_LIMITS.email, message: INVALID_EMAIL }, invalid: INVALID_EMAIL },
  subject: {
    min: { length: 5, message: 'Subject must be at least 5 characters' },
    max: { length: TEXT_LIMITS.subject, message: `Subject must be at most ${TEXT_LIMITS.subject} characters` },
    storableLabel: 'Subject',
  },
  message: {
    min: { length: 10, message: 'Message must be at least 10 characters' },
    max: { length: TEXT_LIMITS.message, message: `Message must be at most ${TEXT_LIMITS.message} characters` },
    storableLabel: 'Message',
  },
} as const satisfies Record<string, TextRule & { invalid?: string }>

export const TESTIMONIAL_RULES = {
  name: {
    required: 'Name is required',
    min: { length: 2, message: 'Name must be at least 2 characters' },
    max: { length: TEXT_LIMITS.name, message: `Name must be at most ${TEXT_LIMITS.name} characters` },
    storableLabel: 'Name',
  },
  location: {
    max: { length: TEXT_LIMITS.location, message: `Location must be at most ${TEXT_LIMITS.location} characters` },
    storableLabel: 'Location',
  },
  testimonial: {
    required: 'Your experience is required',
    min: { length: 20, message: 'Please write at least 20 characters' },
    max: { length: TEXT_LIMITS.testimonial, message: `Please keep it under ${TEXT_LIMITS.testimonial} characters` },
    storableLabel: 'Testimonial',
  },
  consent: { required: 'Consent to publish is required' },
} as const

/** The statement the author agrees to, on the visitor's form and the admin's alike. */
export const TESTIMONIAL_CONSENT_STATEMENT =
  'I agree that the council may publish my name, location and words on its website.'

const checkHoneypot = (value: string | undefined) =>
  value !== undefined && codePointLength(value) > HONEYPOT_MAX ? HONEYPOT_MAX_MESSAGE : null

/** Field → first message, only for the fields that fail (the shape @mantine/form's validate wants). */
function collect(checks: Record<string, string | null>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [field, message] of Object.entries(checks)) if (message !== null) errors[field] = message
  return errors
}

export type ContactFormValues = { name: string; email: string; subject: string; message: string; website?: string }

/** The contact form's check in the browser: what ContactInputSchema would say, field by field. */
export function checkContact(values: ContactFormValues): Record<string, string> {
  const email = values.email.trim()
  return collect({
    name: checkText(values.name, CONTACT_RULES.name),
    email:
      codePointLength(email) > CONTACT_RULES.email.max.length
        ? CONTACT_RULES.email.max.message
        : EMAIL_PATTERN.test(email)
          ? null
          : CONTACT_RULES.email.invalid,
    subject: checkText(values.subject, CONTACT_RULES.subject),
    message: checkText(values.message, CONTACT_RULES.message),
    website: checkHoneypot(values.website),
  })
}

export type TestimonialFormValues = {
  name: string
  location: string
  testimonial: string
  consent: boolean
  website?: string
}

/** The testimonial form's check in the browser: what TestimonialSubmissionSchema would say, field by field. */
export function checkTestimonial(values: TestimonialFormValues): Record<string, string> {
  return collect({
    name: checkText(values.name, TESTIMONIAL_RULES.name),
    location: checkText(values.location, TESTIMONIAL_RULES.location),
    testimonial: checkText(values.testimonial, TESTIMONIAL_RULES.testimonial),
    consent: values.consent === true ? null : TESTIMONIAL_RULES.consent.required,
    website: checkHoneypot(values.website),
  })
}

/** What TestimonialSubmissionSchema.parse makes of values that pass: trimmed, no location as null. */
export function testimonialSubmission(values: TestimonialFormValues) {
  const location = values.location.trim()
  return {
    name: values.name.trim(),
    location: location ? location : null,
    testimonial: values.testimonial.trim(),
    consent: true as const,
    ...(values.website === undefined ? {} : { website: values.website }),
  }
}

/** A comment on a standard in public review (schemas/standards.ts builds CommentInputSchema from these). */
export const COMMENT_RULES = {
  name: CONTACT_RULES.name,
  organisation: {
    max: {
      length: TEXT_LIMITS.organisation,
      message: `Organisation must be at most ${TEXT_LIMITS.organisation} characters`,
    },
    storableLabel: 'Organisation',
  },
  email: CONTACT_RULES.email,
  section: {
    min: { length: 1, message: 'Say which section your comment is about' },
    max: { length: TEXT_LIMITS.section, message: `Section must be at most ${TEXT_LIMITS.section} characters` },
    storableLabel: 'Section',
  },
  comment: {
    min: { length: 10, message: 'Comment must be at least 10 characters' },
    max: { length: TEXT_LIMITS.comment, message: `Comment must be at most ${TEXT_LIMITS.comment} characters` },
    storableLabel: 'Comment',
  },
  proposedChange: {
    max: {
      length: TEXT_LIMITS.comment,
      message: `Proposed change must be at most ${TEXT_LIMITS.comment} characters`,
    },
    storableLabel: 'Proposed change',
  },
} as const satisfies Record<string, TextRule & { invalid?: string }>

export type CommentFormValues = {
  name: string
  organisation: string
  email: string
  section: string
  comment: string
  proposedChange: string
  consent: boolean
  website?: string
}

/** The comment form's check in the browser: what CommentInputSchema would say, field by field. */
export function checkComment(values: CommentFormValues): Record<string, string> {
  const email = values.email.trim()
  return collect({
    name: checkText(values.name, COMMENT_RULES.name),
    organisation: checkText(values.organisation, COMMENT_RULES.organisation),
    email:
      codePointLength(email) > COMMENT_RULES.email.max.length
        ? COMMENT_RULES.email.max.message
        : EMAIL_PATTERN.test(email)
          ? null
          : COMMENT_RULES.email.invalid,
    section: checkText(values.section, COMMENT_RULES.section),
    comment: checkText(values.comment, COMMENT_RULES.comment),
    proposedChange: checkText(values.proposedChange, COMMENT_RULES.proposedChange),
    website: checkHoneypot(values.website),
  })
}

/** What CommentInputSchema.parse makes of values that pass: trimmed, empty optional fields as null. */
export function commentSubmission(values: CommentFormValues) {
  const organisation = values.organisation.trim()
  const proposedChange = values.proposedChange.trim()
  return {
    name: values.name.trim(),
    organisation: organisation ? organisation : null,
    email: values.email.trim(),
    section: values.section.trim(),
    comment: values.comment.trim(),
    proposedChange: proposedChange ? proposedChange : null,
    consent: values.consent,
    ...(values.website === undefined ? {} : { website: values.website }),
  }
}
