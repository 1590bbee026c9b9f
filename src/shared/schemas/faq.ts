import { z } from 'zod'
import { TextRevisionSchema, TextVersionSchema } from './site-text'
import { storableText } from './text'

/*
 * The FAQ as the council edits it (issue 39, item 2; docs/decisions/054-faq-as-content.md): the five
 * categories the specification names stay, in their order and with their titles (fixed here); their
 * questions and answers are the council's, edited as a draft, published, and kept as revisions.
 */

export const FAQ_CATEGORY_TITLES = {
  'getting-started': 'Getting Started',
  'safety-protocols': 'Safety & Protocols',
  'sessions-experience': 'Sessions & Experience',
  'benefits-results': 'Benefits & Results',
  'practical-information': 'Practical Information',
} as const
export type FaqCategoryId = keyof typeof FAQ_CATEGORY_TITLES
export const FAQ_CATEGORY_IDS = Object.keys(FAQ_CATEGORY_TITLES) as FaqCategoryId[]

export const FAQ_LIMITS = { question: 300, answer: 3_000, items: 40 } as const

const text = (max: number, label: string) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
    label,
  )

export const FaqItemSchema = z.object({
  question: text(FAQ_LIMITS.question, 'Question').refine((value) => !/[\r\n]/.test(value), 'Question must be one line'),
  answer: text(FAQ_LIMITS.answer, 'Answer'),
})
export type FaqItemInput = z.output<typeof FaqItemSchema>

/** The page's description for search engines and link previews (issue 39, item 6). */
export const FAQ_DESCRIPTION_MAX = 160

/** The whole FAQ: the page's description, and the five categories, in their order, each with its questions in order. */
export const FaqContentSchema = z
  .object({
    description: text(FAQ_DESCRIPTION_MAX, 'Description').refine(
      (value) => !/[\r\n]/.test(value),
      'Description must be one line',
    ),
    categories: z
      .array(
        z.object({
          id: z.enum(FAQ_CATEGORY_IDS as [FaqCategoryId, ...FaqCategoryId[]], { error: 'Unknown category' }),
          items: z
            .array(FaqItemSchema, { error: 'Questions must be a list' })
            // The specification names the five categories: each keeps a question, so none is an empty heading.
            .min(1, 'Each category keeps at least one question')
            .max(FAQ_LIMITS.items, `A category holds at most ${FAQ_LIMITS.items} questions`),
        }),
        { error: 'Categories must be a list' },
      )
      .length(FAQ_CATEGORY_IDS.length, `The FAQ has its ${FAQ_CATEGORY_IDS.length} categories`),
  })
  .refine((content) => content.categories.every((category, index) => category.id === FAQ_CATEGORY_IDS[index]), {
    message: 'The categories stay in their order',
    path: ['categories'],
  })
export type FaqContent = z.output<typeof FaqContentSchema>

export const FaqDraftInputSchema = z.object({ version: TextVersionSchema, content: FaqContentSchema })
export const FaqPublishInputSchema = z.object({ version: TextVersionSchema })
export const FaqRevisionParamsSchema = z.object({ revision: TextRevisionSchema })
export const FaqRestoreInputSchema = FaqRevisionParamsSchema.extend({ version: TextVersionSchema })
