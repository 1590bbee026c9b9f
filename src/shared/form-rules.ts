import { LONE_SURROGATE } from './unicode'

/**
 * The public forms' rules, without zod: the limits and messages that the shared zod schemas
 * (schemas/contact.ts, schemas/testimonial.ts, schemas/standards.ts) are built from, and the small
 * checks the browser runs with them, so a public page never loads zod
 * (docs/decisions/021-first-load-budget.md). What every form and the searches share is here; each
 * form's own rules are in a module of their own (contact-rules.ts, testimonial-rules.ts,
 * comment-rules.ts), so a page carries only its form's.
 * The server still parses every submission with the zod schemas; tests/unit/form-rules.test.ts
 * holds the two to the same verdicts and the same first message per field.
 */

/** The messages of a stored text field that holds U+0000 or a lone surrogate (schemas/text.ts). */
export const storableTextMessages = (label: string) => ({
  nullCharacter: `${label} must not contain a null character`,
  invalidUnicode: `${label} must be valid Unicode text`,
})

/**
 * zod's own e-mail check (z.email(), zod's regexes.email), which the schemas use; the unit test
 * fails should a zod update change it.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** The hidden honeypot field: bots fill it; the schemas cap it with zod's default message. */
export const HONEYPOT_MAX = 500
export const HONEYPOT_MAX_MESSAGE = `Too big: expected string to have <=${HONEYPOT_MAX} characters`

/** A trimmed text field: optional minimum, maximum, and (with a label) the storable-text checks. */
export type TextRule = {
  min?: { length: number; message: string }
  max: { length: number; message: string }
  /** Named in the storable-text messages; absent for fields that are not stored as typed text. */
  storableLabel?: string
}

/** The one message for an address too long or malformed, as zod's e-mail check gives it. */
export const INVALID_EMAIL = 'Please enter a valid email address'

/** The research library's search, as the address carries it and the search procedure takes it. */
export const STUDY_SEARCH_RULE = {
  min: { length: 1, message: 'Type something to search for' },
  max: { length: 200, message: 'Search is too long' },
  storableLabel: 'Search',
} as const satisfies TextRule

/**
 * The site's search (/search, GET /api/search, search.query): the message an empty search shows is
 * the page's prompt; the others say why a search is not run (docs/decisions/029-site-search.md).
 */
export const SITE_SEARCH_RULE = {
  min: { length: 1, message: 'Type a word or two to search the site.' },
  max: { length: 200, message: 'Search must be at most 200 characters' },
  storableLabel: 'Search',
} as const satisfies TextRule

/** Length in Unicode code points, as zod measures strings (a surrogate pair is one, a lone surrogate one). */
export const codePointLength = (text: string) => Array.from(text).length

/** The first message a trimmed text field gets under its rule, as zod orders its checks; null when it passes. */
export function checkText(value: string, rule: TextRule): string | null {
  const text = value.trim()
  const length = codePointLength(text)
  if (rule.min && length < rule.min.length) return rule.min.message
  if (length > rule.max.length) return rule.max.message
  if (rule.storableLabel !== undefined) {
    const messages = storableTextMessages(rule.storableLabel)
    if (text.includes('\u0000')) return messages.nullCharacter
    if (LONE_SURROGATE.test(text)) return messages.invalidUnicode
  }
  return null
}

export const checkHoneypot = (value: string | undefined) =>
  value !== undefined && codePointLength(value) > HONEYPOT_MAX ? HONEYPOT_MAX_MESSAGE : null

/** An e-mail field's first message: too long or not an address (zod's order). */
export function checkEmail(value: string, rule: { max: { length: number; message: string }; invalid: string }) {
  const email = value.trim()
  if (codePointLength(email) > rule.max.length) return rule.max.message
  return EMAIL_PATTERN.test(email) ? null : rule.invalid
}

/** Field → first message, only for the fields that fail (the shape @mantine/form's validate wants). */
export function collect(checks: Record<string, string | null>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [field, message] of Object.entries(checks)) if (message !== null) errors[field] = message
  return errors
}

/**
 * A search from the library's address, kept as written when StudySearchSchema would take it, or
 * undefined when the search procedure refuses it (blank, too long, U+0000, a lone surrogate): the
 * page then shows the whole library, where asking for such a search failed the page's data (a 503).
 * Never rewritten (trimmed, cut): the server redirects an address whose search its route rewrites,
 * and that redirect, kept under the rewritten address's cache key, sent that address to itself.
 */
export function readStudySearch(value: unknown): string | undefined {
  return typeof value === 'string' && checkText(value, STUDY_SEARCH_RULE) === null ? value : undefined
}
