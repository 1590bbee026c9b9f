import { z } from 'zod'
import { SITE_SEARCH_RULE } from '../text-rules'
import { storableText } from './text'

const rule = SITE_SEARCH_RULE

/**
 * A search of the whole site: words, phrases in quotes, -word to leave out (web search syntax),
 * trimmed, at most 200 characters, no U+0000 and no lone surrogate. The page checks its address with
 * the same rule (checkText in text-rules.ts) and never asks for a search this refuses.
 */
export const SiteSearchSchema = z.object({
  q: storableText(
    z.string().trim().min(rule.min.length, rule.min.message).max(rule.max.length, rule.max.message),
    rule.storableLabel,
  ),
})
