import { asc, eq, sql } from 'drizzle-orm'
import { FAQ_CATEGORIES, FAQ_DESCRIPTION } from '../../content/faq'
import type { Db } from '../../db/client'
import { siteTextRevisions, siteTexts } from '../../db/schema'
import {
  FAQ_CATEGORY_IDS,
  FAQ_CATEGORY_TITLES,
  type FaqCategoryId,
  type FaqContent,
  FaqContentSchema,
} from '../../shared/schemas/faq'
import { ConflictError, NotFoundError } from '../errors'
import { type Actor, recordChange } from './audit'
import { type BodyComparison, compareBodies } from './standards/diff'

/*
 * The FAQ as content (issue 39, items 2 and 4; docs/decisions/054-faq-as-content.md): a draft the
 * editors save (a version number refuses a save from a form opened before another's), published at
 * once on every replica (the table's trigger tells them, as for news), every published revision
 * kept with who and when, any revision compared with the current one and restored as a new draft.
 * Until the first publish the FAQ is the starting text in code, word for word: revision 0.
 */

const KEY = 'faq'

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

/** What the table holds is read back through the schema: a row written by an older build still parses or is refused loudly. */
const parsed = (value: unknown): FaqContent => FaqContentSchema.parse(value)

type Row = typeof siteTexts.$inferSelect

async function readRow(db: Db): Promise<Row | null> {
  const [row] = await db.select().from(siteTexts).where(eq(siteTexts.key, KEY))
  return row ?? null
}

/** The FAQ the public sees: the last published revision, or the starting text. */
export async function publicFaq(db: Db): Promise<FaqView> {
  const row = await readRow(db)
  return titled(row?.published ? parsed(row.published) : STARTER_FAQ)
}

/** When the FAQ was last published, for the sitemap's date; null while the starting text shows. */
export async function faqPublishedAt(db: Db): Promise<Date | null> {
  return (await readRow(db))?.publishedAt ?? null
}

/** The editors' view: the draft (or the published text, when no draft waits), its version, and what is published. */
export async function faqForEditing(db: Db) {
  const row = await readRow(db)
  const published = row?.published ? parsed(row.published) : STARTER_FAQ
  return {
    version: row?.version ?? 0,
    hasDraft: row?.draft != null,
    draft: titled(row?.draft ? parsed(row.draft) : published),
    draftUpdatedAt: row?.draftUpdatedAt ?? null,
    draftUpdatedBy: row?.draftUpdatedBy ?? null,
    published: titled(published),
    revision: row?.revision ?? 0,
    publishedAt: row?.publishedAt ?? null,
    publishedBy: row?.publishedBy ?? null,
  }
}

export const STALE_FAQ =
  'Another member saved or published the FAQ after you opened it. Reload to see their change, then make yours again; your text is still in the form.'

/** The row, locked, created at version 0 on first use; refused when the editor's form is older. */
async function lockedAt(tx: Db, version: number): Promise<Row> {
  await tx.insert(siteTexts).values({ key: KEY }).onConflictDoNothing()
  const [row] = await tx.select().from(siteTexts).where(eq(siteTexts.key, KEY)).for('update')
  if (!row || row.version !== version) throw new ConflictError(STALE_FAQ)
  return row
}

const questionCount = (content: FaqContent) =>
  content.categories.reduce((sum, category) => sum + category.items.length, 0)

/** Saves the draft. Nothing public changes. */
export async function saveFaqDraft(db: Db, actor: Actor, input: { version: number; content: FaqContent }) {
  await db.transaction(async (tx) => {
    await lockedAt(tx, input.version)
    await tx
      .update(siteTexts)
      .set({
        draft: input.content,
        version: sql`${siteTexts.version} + 1`,
        draftUpdatedAt: new Date(),
        draftUpdatedBy: actor.email,
      })
      .where(eq(siteTexts.key, KEY))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'site_text',
      entityId: KEY,
      before: null,
      after: { draft: 'saved', questions: questionCount(input.content) },
    })
  })
  return faqForEditing(db)
}

/** Publishes the draft as the next revision: the public FAQ changes at once, on every replica. */
export async function publishFaq(db: Db, actor: Actor, input: { version: number }) {
  await db.transaction(async (tx) => {
    const row = await lockedAt(tx, input.version)
    if (row.draft == null) throw new ConflictError('There is no draft to publish: save one first.')
    const content = parsed(row.draft)
    const revision = row.revision + 1
    const now = new Date()
    await tx
      .insert(siteTextRevisions)
      .values({ key: KEY, revision, content, publishedAt: now, publishedBy: actor.email })
    await tx
      .update(siteTexts)
      .set({
        published: content,
        revision,
        publishedAt: now,
        publishedBy: actor.email,
        draft: null,
        draftUpdatedAt: null,
        draftUpdatedBy: null,
        version: sql`${siteTexts.version} + 1`,
      })
      .where(eq(siteTexts.key, KEY))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'site_text',
      entityId: KEY,
      before: { revision: row.revision },
      after: { revision, published: true, questions: questionCount(content) },
    })
  })
  return faqForEditing(db)
}

/** Every revision, newest first: the published ones, and the starting text as revision 0. */
export async function faqRevisions(db: Db) {
  const rows = await db
    .select()
    .from(siteTextRevisions)
    .where(eq(siteTextRevisions.key, KEY))
    .orderBy(asc(siteTextRevisions.revision))
  const current = (await readRow(db))?.revision ?? 0
  return [
    {
      revision: 0,
      publishedAt: null,
      publishedBy: null,
      questions: questionCount(STARTER_FAQ),
      current: current === 0,
    },
    ...rows.map((row) => ({
      revision: row.revision,
      publishedAt: row.publishedAt,
      publishedBy: row.publishedBy,
      questions: questionCount(parsed(row.content)),
      current: row.revision === current,
    })),
  ].reverse()
}

async function revisionContent(db: Db, revision: number): Promise<FaqContent> {
  if (revision === 0) return STARTER_FAQ
  const [row] = await db
    .select({ content: siteTextRevisions.content })
    .from(siteTextRevisions)
    .where(sql`${siteTextRevisions.key} = ${KEY} and ${siteTextRevisions.revision} = ${revision}`)
  if (!row) throw new NotFoundError(`The FAQ has no revision ${revision}`)
  return parsed(row.content)
}

/** The FAQ as text for the comparison: each category's title, then each question and its answer. */
const asText = (content: FaqContent) =>
  [
    content.description,
    ...titled(content).categories.flatMap((category) => [
      category.title,
      ...category.items.flatMap((item) => [item.question, item.answer]),
    ]),
  ].join('\n\n')

/** One revision, and how it compares with the FAQ published now (the standards' comparison). */
export async function faqRevision(
  db: Db,
  revision: number,
): Promise<{ revision: number; content: FaqView; comparison: BodyComparison }> {
  const content = await revisionContent(db, revision)
  const row = await readRow(db)
  const current = row?.published ? parsed(row.published) : STARTER_FAQ
  const titles = new Set(Object.values(FAQ_CATEGORY_TITLES) as string[])
  return {
    revision,
    content: titled(content),
    // From the revision to what is published now: what restoring it would undo.
    comparison: compareBodies(asText(content), asText(current), { headings: titles }),
  }
}

/** Makes a revision the draft again, to be reviewed and published as a new revision. */
export async function restoreFaqRevision(db: Db, actor: Actor, input: { revision: number; version: number }) {
  const content = await revisionContent(db, input.revision)
  await db.transaction(async (tx) => {
    await lockedAt(tx, input.version)
    await tx
      .update(siteTexts)
      .set({
        draft: content,
        version: sql`${siteTexts.version} + 1`,
        draftUpdatedAt: new Date(),
        draftUpdatedBy: actor.email,
      })
      .where(eq(siteTexts.key, KEY))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'site_text',
      entityId: KEY,
      before: null,
      after: { draft: 'restored', fromRevision: input.revision },
    })
  })
  return faqForEditing(db)
}
