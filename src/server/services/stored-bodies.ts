import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { posts, standardVersions } from '../../db/schema'
import type { HeadingStyle } from '../../shared/schemas/news'
import { MarkdownRefusedError, type RenderedMarkdown, renderBody } from './markdown'

/*
 * The rendered bodies of posts and standard versions, stored beside their Markdown
 * (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md). A save renders in the pool and
 * stores; a read takes what is stored. A row without its HTML (one from before the HTML was
 * stored, or written by SQL) is rendered once, at start-up or on its first read, in the pool, and
 * stored: no row is rendered twice.
 */

/** How each table's bodies are rendered: a post's page has its title as h1, a standard's too but shifted. */
const TABLES = {
  post: { table: posts, headings: 'fromH2' },
  version: { table: standardVersions, headings: 'shifted' },
} as const satisfies Record<string, { table: typeof posts | typeof standardVersions; headings: HeadingStyle }>

export type BodyTable = keyof typeof TABLES

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char)

/**
 * What a stored body the renderer refused shows: its words as written, escaped, one paragraph per
 * blank-line-separated block. Only a body saved before saves were checked can be refused here.
 */
export function unrenderedBody(markdown: string): RenderedMarkdown {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
  return { html: blocks.map((block) => `<p>${escapeHtml(block)}</p>`).join('\n'), text: blocks.join('\n\n') }
}

/** The body rendered for storing; the refusal (a 400 naming the body) is the caller's to throw. */
export const renderForStoring = (kind: BodyTable, markdown: string) => renderBody(markdown, TABLES[kind].headings)

/** A stored row's body rendered (or its escaped words, when refused), for a row that has none. */
async function renderMissing(kind: BodyTable, markdown: string): Promise<RenderedMarkdown & { refused: boolean }> {
  try {
    return { ...(await renderForStoring(kind, markdown)), refused: false }
  } catch (error) {
    if (error instanceof MarkdownRefusedError) return { ...unrenderedBody(markdown), refused: true }
    throw error
  }
}

/** Stores a rendering unless the body changed meanwhile (the save that changed it stored its own). */
async function store(db: Db, kind: BodyTable, id: number, markdown: string, rendered: RenderedMarkdown) {
  const { table } = TABLES[kind]
  await db
    .update(table)
    .set({ bodyHtml: rendered.html, bodyText: rendered.text })
    .where(and(eq(table.id, id), eq(table.body, markdown)))
}

export type StoredBody = { id: number; body: string; bodyHtml: string | null; bodyText: string | null }

/** A row's stored HTML and text; rendered and stored first when the row has none. */
export async function storedBody(db: Db, kind: BodyTable, row: StoredBody): Promise<RenderedMarkdown> {
  if (row.bodyHtml !== null && row.bodyText !== null) return { html: row.bodyHtml, text: row.bodyText }
  const rendered = await renderMissing(kind, row.body)
  await store(db, kind, row.id, row.body, { html: rendered.html, text: rendered.text })
  return { html: rendered.html, text: rendered.text }
}

export type MissingBodies = { rendered: number; refused: string[] }

/**
 * Renders every stored body that has no HTML yet, at start-up (src/db/prepare.ts). One row the
 * renderer refuses does not stop the start: it shows its words unformatted and is named in the
 * result, for the log.
 */
export async function renderMissingBodies(db: Db): Promise<MissingBodies> {
  const result: MissingBodies = { rendered: 0, refused: [] }
  for (const kind of Object.keys(TABLES) as BodyTable[]) {
    const { table } = TABLES[kind]
    const rows = await db.select({ id: table.id, body: table.body }).from(table).where(isNull(table.bodyHtml))
    for (const row of rows) {
      const rendered = await renderMissing(kind, row.body)
      await store(db, kind, row.id, row.body, rendered)
      result.rendered += 1
      if (rendered.refused) result.refused.push(`${kind} ${row.id}`)
    }
  }
  return result
}
