import { z } from 'zod'
import { STUDY_CATEGORIES, TEXT_LIMITS } from '../constants'
import { STUDY_SEARCH_RULE } from '../text-rules'
import { storableText } from './text'

const optionalText = (max: number, label: string) =>
  storableText(z.string().trim().max(max, `${label} must be at most ${max} characters`), label)
    .nullish()
    .transform((value) => (value ? value : null))

const httpUrl = (label: string) =>
  storableText(z.string().trim().max(TEXT_LIMITS.url, `${label} is too long`), label).refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, `${label} must be an http or https link`)

export const ResearchStudyInputSchema = z.object({
  title: storableText(
    z
      .string()
      .trim()
      .min(1, 'Title is required')
      .max(TEXT_LIMITS.title, `Title must be at most ${TEXT_LIMITS.title} characters`),
    'Title',
  ),
  authors: optionalText(TEXT_LIMITS.authors, 'Authors'),
  journal: optionalText(TEXT_LIMITS.journal, 'Journal'),
  year: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'Year must be a four-digit year')
    .nullish()
    .transform((value) => (value ? value : null)),
  volume: optionalText(TEXT_LIMITS.volume, 'Volume'),
  issue: optionalText(TEXT_LIMITS.issue, 'Issue'),
  pages: optionalText(TEXT_LIMITS.pages, 'Pages'),
  category: z.enum(STUDY_CATEGORIES, { error: 'Choose one of the four study categories' }),
  url: httpUrl('URL'),
  summary: optionalText(TEXT_LIMITS.summary, 'Summary'),
  // Only the id: the server builds the stored link from the attachment row, never from the request.
  // A client may still send attachmentUrl (the documented REST payload has it); it is dropped.
  attachmentFileId: z
    .string()
    .uuid('Attachment id is not valid')
    .nullish()
    .transform((value) => (value ? value : null)),
})
export type ResearchStudyData = z.output<typeof ResearchStudyInputSchema>

const search = STUDY_SEARCH_RULE

/**
 * A search of the research library: words, phrases in quotes, -word to leave out (web search
 * syntax). The page reads its address with the same rule (readStudySearch), so it never asks for
 * a search this refuses.
 */
export const StudySearchSchema = z.object({
  q: storableText(
    z.string().trim().min(search.min.length, search.min.message).max(search.max.length, search.max.message),
    search.storableLabel,
  ),
})
