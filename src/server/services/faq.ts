import { FAQ_CATEGORIES, FAQ_DESCRIPTION } from '../../content/faq'
import type { Db } from '../../db/client'
import {
  FAQ_CATEGORY_IDS,
  FAQ_CATEGORY_TITLES,
  type FaqCategoryId,
  type FaqContent,
  FaqContentSchema,
} from '../../shared/schemas/faq'
import type { Actor } from './audit'
import { siteTextStore } from './site-texts'

/*
 * The FAQ as content (issue 39, items 2 and 4; docs/decisions/054-faq-as-content.md), one text of
 * the site-texts store: drafts, revisions, comparison and restore are the store's. Until the first
 * publish the FAQ is the starting text in code, word for word: revision 0.
 */

/** The FAQ with its categories' fixed titles, as the page and the editor show it. */
export type FaqView = {
  description: string
  categories: { id: FaqCategoryId; title: string; items: { question: string; answer: string }[] }[]
}

/** The starting text, from the code: the FAQ the site has before anyone publishes one (revision 0). */
export const STARTER_FAQ: FaqContent = {
  description: FAQ_DESCRIPTION,
  categories: FAQ_CATEGORY_IDS.map((id) => ({
    id,
    items: (FAQ_CATEGORIES.find((category) => category.id === id)?.items ?? []).map((item) => ({
      question: item.question,
      answer: item.answer,
    })),
  })),
}

const titled = (content: FaqContent): FaqView => ({
  description: content.description,
  categories: content.categories.map((category) => ({
    id: category.id,
    title: FAQ_CATEGORY_TITLES[category.id],
    items: category.items,
  })),
})

const questionCount = (content: FaqContent) =>
  content.categories.reduce((sum, category) => sum + category.items.length, 0)

const CATEGORY_TITLES: ReadonlySet<string> = new Set(Object.values(FAQ_CATEGORY_TITLES))

const store = siteTextStore<FaqContent>({
  key: 'faq',
  name: 'the FAQ',
  // What the table holds is read back through the schema: a row written by an older build still parses or is refused loudly.
  parse: (value) => FaqContentSchema.parse(value),
  starter: () => STARTER_FAQ,
  // Each category's title, then each question and its answer.
  asText: (content) => ({
    text: [
      content.description,
      ...titled(content).categories.flatMap((category) => [
        category.title,
        ...category.items.flatMap((item) => [item.question, item.answer]),
      ]),
    ].join('\n\n'),
    headings: CATEGORY_TITLES,
  }),
  summary: (content) => `${questionCount(content)} questions`,
  audit: (content) => ({ questions: questionCount(content) }),
})

/** The FAQ the public sees: the last published revision, or the starting text. */
export const publicFaq = async (db: Db): Promise<FaqView> => titled(await store.published(db))

/** When the FAQ was last published, for the sitemap's date; null while the starting text shows. */
export const faqPublishedAt = store.publishedAt

const editing = async (db: Db) => {
  const view = await store.forEditing(db)
  return { ...view, draft: titled(view.draft), published: titled(view.published) }
}

/** The editors' view: the draft (or the published text, when no draft waits), its version, and what is published. */
export const faqForEditing = editing

/** Saves the draft. Nothing public changes. */
export async function saveFaqDraft(db: Db, actor: Actor, input: { version: number; content: FaqContent }) {
  await store.saveDraft(db, actor, input)
  return editing(db)
}

/** Publishes the draft as the next revision: the public FAQ changes at once, on every replica. */
export async function publishFaq(db: Db, actor: Actor, input: { version: number }) {
  await store.publish(db, actor, input)
  return editing(db)
}

/** Every revision, newest first: the published ones, and the starting text as revision 0. */
export const faqRevisions = store.revisions

/** One revision, and how it compares with the FAQ published now. */
export async function faqRevision(db: Db, revision: number) {
  const found = await store.revision(db, revision)
  return { ...found, content: titled(found.content) }
}

/** Makes a revision the draft again, to be reviewed and published as a new revision. */
export async function restoreFaqRevision(db: Db, actor: Actor, input: { revision: number; version: number }) {
  await store.restore(db, actor, input)
  return editing(db)
}
