import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { posts, standardVersions } from '../../db/schema'
import { escapeHtml } from '../../shared/html'
import type { HeadingStyle } from '../../shared/schemas/news'
import { MarkdownRefusedError, type RenderedMarkdown, renderBody } from './markdown'

/*
 * The rendered bodies of posts and standard versions, stored beside their Markdown
 * (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md). A save renders in the pool and
 * stores; a read takes what is stored. A row without its HTML (one from before the HTML was
 * stored, or written by SQL) is rendered once, at start-up or on its first read, in the pool, and
 * stored: no row is rendered twice. A version keeps its headings too, the sections its comment form
 * offers (docs/decisions/044-one-concern-per-service.md); a version without them (one from before
 * they were stored) gets them the same way, its stored HTML left as it is.
 */

/** How each table's bodies are rendered: a post's page has its title as h1, a standard's too but shifted. */
const HEADING_STYLES = { post: 'fromH2', version: 'shifted' } as const satisfies Record<string, HeadingStyle>

export type BodyTable = keyof typeof HEADING_STYLES

/**
 * What a stored body the renderer refused shows: its words as written, escaped, one paragraph per
 * blank-line-separated block. Only a body saved before saves were checked can be refused here.
 */
export function unrenderedBody(markdown: string): RenderedMarkdown {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
  return {
    html: blocks.map((block) => `<p>${escapeHtml(block)}</p>`).join('\n'),
    text: blocks.join('\n\n'),
    headings: [],
    unreachable: [],
  }
}

/**
 * The body rendered for storing (with `linkBase`, for a mail: services/mail-bodies.ts); the refusal
 * (a 400 naming the body) is the caller's to throw.
 */
export const renderForStoring = (kind: BodyTable, markdown: string, linkBase?: string) =>
  renderBody(markdown, HEADING_STYLES[kind], linkBase)

/** A stored row's body rendered (or its escaped words, when refused), for a row that has none. */
async function renderMissing(kind: BodyTable, markdown: string): Promise<RenderedMarkdown & { refused: boolean }> {
  try {
    return { ...(await renderForStoring(kind, markdown)), refused: false }
  } catch (error) {
    if (error instanceof MarkdownRefusedError) return { ...unrenderedBody(markdown), refused: true }
    throw error
  }
}

export type StoredBody = {
  id: number
  body: string
  bodyHtml: string | null
  bodyText: string | null
  /** A version's headings; a post keeps none. */
  bodyHeadings?: string[] | null
}

/** What a row lacks of its rendering: its HTML and text, and a version its headings. */
const lacks = (kind: BodyTable, row: StoredBody) => ({
  body: row.bodyHtml === null || row.bodyText === null,
  headings: kind === 'version' && (row.bodyHeadings ?? null) === null,
})

/**
 * Stores what the row lacked of a rendering, unless the body changed meanwhile (the save that
 * changed it stored its own).
 */
async function store(db: Db, kind: BodyTable, row: StoredBody, rendered: RenderedMarkdown) {
  const missing = lacks(kind, row)
  const body = missing.body ? { bodyHtml: rendered.html, bodyText: rendered.text } : {}
  if (kind === 'version') {
    await db
      .update(standardVersions)
      .set({ ...body, ...(missing.headings ? { bodyHeadings: rendered.headings } : {}) })
      .where(and(eq(standardVersions.id, row.id), eq(standardVersions.body, row.body)))
  } else if (missing.body) {
    await db
      .update(posts)
      .set(body)
      .where(and(eq(posts.id, row.id), eq(posts.body, row.body)))
  }
}

/**
 * A row's stored HTML and text, and a version's headings (a post's are not kept: none); what the
 * row lacks is rendered and stored first.
 */
export async function storedBody(
  db: Db,
  kind: BodyTable,
  row: StoredBody,
): Promise<Omit<RenderedMarkdown, 'unreachable'>> {
  const missing = lacks(kind, row)
  if (!missing.body && !missing.headings)
    return { html: row.bodyHtml ?? '', text: row.bodyText ?? '', headings: row.bodyHeadings ?? [] }
  const rendered = await renderMissing(kind, row.body)
  await store(db, kind, row, rendered)
  const shown = missing.body ? rendered : { html: row.bodyHtml ?? '', text: row.bodyText ?? '' }
  return {
    html: shown.html,
    text: shown.text,
    headings: kind === 'version' ? (row.bodyHeadings ?? rendered.headings) : [],
  }
}

export type MissingBodies = { rendered: number; refused: string[] }

/** The rows lacking some of their rendering, with what they have of it. */
const rowsLacking = (db: Db, kind: BodyTable): Promise<StoredBody[]> =>
  kind === 'version'
    ? db
        .select({
          id: standardVersions.id,
          body: standardVersions.body,
          bodyHtml: standardVersions.bodyHtml,
          bodyText: standardVersions.bodyText,
          bodyHeadings: standardVersions.bodyHeadings,
        })
        .from(standardVersions)
        .where(or(isNull(standardVersions.bodyHtml), isNull(standardVersions.bodyHeadings)))
    : db
        .select({ id: posts.id, body: posts.body, bodyHtml: posts.bodyHtml, bodyText: posts.bodyText })
        .from(posts)
        .where(isNull(posts.bodyHtml))

/**
 * Renders every stored body that has no HTML yet, and every version's that has no headings, at
 * start-up (src/db/prepare.ts). One row the renderer refuses does not stop the start: it shows its
 * words unformatted and is named in the result, for the log.
 */
export async function renderMissingBodies(db: Db): Promise<MissingBodies> {
  const result: MissingBodies = { rendered: 0, refused: [] }
  for (const kind of Object.keys(HEADING_STYLES) as BodyTable[]) {
    for (const row of await rowsLacking(db, kind)) {
      const rendered = await renderMissing(kind, row.body)
      await store(db, kind, row, rendered)
      result.rendered += 1
      // A row that kept its HTML shows it still: only its headings are missing (none, then).
      if (rendered.refused && lacks(kind, row).body) result.refused.push(`${kind} ${row.id}`)
    }
  }
  return result
}
