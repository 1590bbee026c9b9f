import { TEXT_LIMITS } from './constants'
import { CONTACT_RULES } from './contact-rules'
import { checkEmail, checkHoneypot, checkText, collect, type TextRule } from './form-rules'

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
  return collect({
    name: checkText(values.name, COMMENT_RULES.name),
    organisation: checkText(values.organisation, COMMENT_RULES.organisation),
    email: checkEmail(values.email, COMMENT_RULES.email),
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
