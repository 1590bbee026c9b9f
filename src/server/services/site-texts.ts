import { and, asc, eq, isNotNull, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { siteTextRevisions, siteTexts } from '../../db/schema'
import { ConflictError, NotFoundError } from '../errors'
import { type Actor, recordChange } from './audit'
import { type BodyComparison, compareBodies } from './standards/diff'

/*
 * The council's own words as content (issue 39; docs/decisions/054-faq-as-content.md and
 * 055-pages-as-content.md): one row per text (the FAQ, each page), with a draft the editors save (a
 * version number refuses a save from a form opened before another's), published at once on every
 * replica (the table's trigger tells them, as for news), every published revision kept with who
 * and when, any revision compared with the one published now and restored as a new draft. Until
 * the first publish a text is its starting text in code, word for word: revision 0.
 *
 * Each text says how its content is read back (its zod schema, so a row written by an older build
 * parses or is refused loudly), what its starting text is, how it reads as plain text for the
 * comparison, and how a revision is summed up in the list ("12 questions").
 */

export type SiteTextSpec<Content> = {
  key: string
  /** "the FAQ", "the page": the refusals' words. */
  name: string
  /**
   * What was stored, as the text is now: checked, and brought up to the text's present shape (a
   * page whose layout gained a section since takes the starting text's), so a text saved before a
   * change of shape still reads, edits and restores.
   */
  parse: (value: unknown) => Content | Promise<Content>
  starter: () => Content | Promise<Content>
  /** The text compared between revisions, blocks separated by blank lines, and which blocks are headings. */
  asText: (content: Content) => { text: string; headings: ReadonlySet<string> }
  /** What a revision holds, for the list: "12 questions". */
  summary: (content: Content) => string
  /** What the activity log records of a saved or published text, beside the step. */
  audit: (content: Content) => Record<string, unknown>
}

type Row = typeof siteTexts.$inferSelect

export type SiteTextEditing<Content> = {
  version: number
  hasDraft: boolean
  draft: Content
  draftUpdatedAt: Date | null
  draftUpdatedBy: string | null
  published: Content
  revision: number
  publishedAt: Date | null
  publishedBy: string | null
}

export type SiteTextRevisionEntry = {
  revision: number
  publishedAt: Date | null
  publishedBy: string | null
  summary: string
  current: boolean
}

export type SiteTextRevision<Content> = { revision: number; content: Content; comparison: BodyComparison }

export const staleText = (name: string) =>
  `Another member saved or published ${name} after you opened it. Reload to see their change, then make yours again; your text is still in the form.`

/** When each text whose key starts with `prefix` was last published, by key: one query for the sitemap. */
export async function publishedDates(db: Db, prefix: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ key: siteTexts.key, publishedAt: siteTexts.publishedAt })
    .from(siteTexts)
    .where(and(like(siteTexts.key, `${prefix}%`), isNotNull(siteTexts.publishedAt)))
  return new Map(rows.flatMap((row) => (row.publishedAt ? [[row.key, row.publishedAt] as const] : [])))
}

/** The store of one text: every read and step, each step one transaction on its locked row. */
export function siteTextStore<Content>(spec: SiteTextSpec<Content>) {
  const { key } = spec

  async function readRow(db: Db): Promise<Row | null> {
    const [row] = await db.select().from(siteTexts).where(eq(siteTexts.key, key))
    return row ?? null
  }

  const publishedOf = async (row: Row | null) => (row?.published ? spec.parse(row.published) : spec.starter())

  /** The row, locked, created at version 0 on first use; refused when the editor's form is older. */
  async function lockedAt(tx: Db, version: number): Promise<Row> {
    await tx.insert(siteTexts).values({ key }).onConflictDoNothing()
    const [row] = await tx.select().from(siteTexts).where(eq(siteTexts.key, key)).for('update')
    if (!row || row.version !== version) throw new ConflictError(staleText(spec.name))
    return row
  }

  /** Makes `content` the draft: a save, or a restore. Nothing public changes. */
  async function writeDraft(db: Db, actor: Actor, version: number, content: Content, after: Record<string, unknown>) {
    await db.transaction(async (tx) => {
      await lockedAt(tx, version)
      await tx
        .update(siteTexts)
        .set({
          draft: content,
          version: sql`${siteTexts.version} + 1`,
          draftUpdatedAt: new Date(),
          draftUpdatedBy: actor.email,
        })
        .where(eq(siteTexts.key, key))
      await recordChange(tx, actor, { action: 'update', entity: 'site_text', entityId: key, before: null, after })
    })
  }

  async function revisionContent(db: Db, revision: number): Promise<Content> {
    if (revision === 0) return spec.starter()
    const [row] = await db
      .select({ content: siteTextRevisions.content })
      .from(siteTextRevisions)
      .where(sql`${siteTextRevisions.key} = ${key} and ${siteTextRevisions.revision} = ${revision}`)
    if (!row) throw new NotFoundError(`${capitalised(spec.name)} has no revision ${revision}`)
    return spec.parse(row.content)
  }

  const store = {
    /** What the public sees: the last published revision, or the starting text. */
    published: async (db: Db): Promise<Content> => publishedOf(await readRow(db)),

    /** When it was last published, for the sitemap's date; null while the starting text shows. */
    publishedAt: async (db: Db): Promise<Date | null> => (await readRow(db))?.publishedAt ?? null,

    /** The editors' view: the draft (or the published text, when no draft waits), its version, and what is published. */
    forEditing: async (db: Db): Promise<SiteTextEditing<Content>> => {
      const row = await readRow(db)
      const published = await publishedOf(row)
      return {
        version: row?.version ?? 0,
        hasDraft: row?.draft != null,
        draft: row?.draft ? await spec.parse(row.draft) : published,
        draftUpdatedAt: row?.draftUpdatedAt ?? null,
        draftUpdatedBy: row?.draftUpdatedBy ?? null,
        published,
        revision: row?.revision ?? 0,
        publishedAt: row?.publishedAt ?? null,
        publishedBy: row?.publishedBy ?? null,
      }
    },

    /** Saves the draft (already parsed, and rendered where the text has Markdown). */
    saveDraft: async (db: Db, actor: Actor, input: { version: number; content: Content }) => {
      await writeDraft(db, actor, input.version, input.content, { draft: 'saved', ...spec.audit(input.content) })
      return store.forEditing(db)
    },

    /** Publishes the draft as the next revision: the public text changes at once, on every replica. */
    publish: async (db: Db, actor: Actor, input: { version: number }) => {
      await db.transaction(async (tx) => {
        const row = await lockedAt(tx, input.version)
        if (row.draft == null) throw new ConflictError('There is no draft to publish: save one first.')
        const content = await spec.parse(row.draft)
        const revision = row.revision + 1
        const now = new Date()
        await tx
          .insert(siteTextRevisions)
          .values({ key, revision, content, publishedAt: now, publishedBy: actor.email })
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
          .where(eq(siteTexts.key, key))
        await recordChange(tx, actor, {
          action: 'update',
          entity: 'site_text',
          entityId: key,
          before: { revision: row.revision },
          after: { revision, published: true, ...spec.audit(content) },
        })
      })
      return store.forEditing(db)
    },

    /** Every revision, newest first: the published ones, and the starting text as revision 0. */
    revisions: async (db: Db): Promise<SiteTextRevisionEntry[]> => {
      const rows = await db
        .select()
        .from(siteTextRevisions)
        .where(eq(siteTextRevisions.key, key))
        .orderBy(asc(siteTextRevisions.revision))
      const current = (await readRow(db))?.revision ?? 0
      return [
        {
          revision: 0,
          publishedAt: null,
          publishedBy: null,
          summary: spec.summary(await spec.starter()),
          current: current === 0,
        },
        ...(await Promise.all(
          rows.map(async (row) => ({
            revision: row.revision,
            publishedAt: row.publishedAt,
            publishedBy: row.publishedBy,
            summary: spec.summary(await spec.parse(row.content)),
            current: row.revision === current,
          })),
        )),
      ].reverse()
    },

    /** One revision, and how it compares with the text published now (the standards' comparison). */
    revision: async (db: Db, revision: number): Promise<SiteTextRevision<Content>> => {
      const content = await revisionContent(db, revision)
      const current = await publishedOf(await readRow(db))
      const before = spec.asText(content)
      const after = spec.asText(current)
      return {
        revision,
        content,
        // From the revision to what is published now: what restoring it would undo.
        comparison: compareBodies(before.text, after.text, {
          headings: new Set([...before.headings, ...after.headings]),
        }),
      }
    },

    /** Makes a revision the draft again, to be reviewed and published as a new revision. */
    restore: async (db: Db, actor: Actor, input: { revision: number; version: number }) => {
      const content = await revisionContent(db, input.revision)
      await writeDraft(db, actor, input.version, content, { draft: 'restored', fromRevision: input.revision })
      return store.forEditing(db)
    },
  }
  return store
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
