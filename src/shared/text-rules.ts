import { LONE_SURROGATE } from './unicode'

/**
 * A stored text field's rule and its check, without zod, and the two searches' rules: the part of
 * the rules the router's own code needs (the research library's and the site search's addresses),
 * in a module of its own. The forms' rules (form-rules.ts) build on it; kept apart, they travel
 * with the form pages' code instead of every page's (docs/decisions/021-first-load-budget.md).
 */

/** The messages of a stored text field that holds U+0000 or a lone surrogate (schemas/text.ts). */
export const storableTextMessages = (label: string) => ({
  nullCharacter: `${label} must not contain a null character`,
  invalidUnicode: `${label} must be valid Unicode text`,
})

/** A trimmed text field: optional minimum, maximum, and (with a label) the storable-text checks. */
export type TextRule = {
  min?: { length: number; message: string }
  max: { length: number; message: string }
  /** Named in the storable-text messages; absent for fields that are not stored as typed text. */
  storableLabel?: string
}

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
