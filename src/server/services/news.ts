import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { posts, retiredSlugs } from '../../db/schema'
import { NEWS_FEED_SIZE, NEWS_ON_HOME, NEWS_PAGE_SIZE } from '../../shared/constants'
import { type HeadingStyle, type PostInput, SLUG_PATTERN, slugFromTitle } from '../../shared/schemas/news'
import { BadInputError, ConflictError, GoneError, NotFoundError } from '../errors'
import { type Actor, changedFields, recordChange } from './audit'
import { type AdminListSource, adminPage, descending } from './list-query'
import { renderBody } from './markdown'
import { lockedRow, rowsOf } from './rows'
import { renderForStoring, storedBody } from './stored-bodies'

/*
 * News posts (docs/decisions/026-news-and-newsletter-issues.md): drafts, scheduled posts the server
 * publishes at their time, and published posts whose address never changes. A deleted post's slug
 * is retired: its address answers 410 Gone and no later post takes it.
 */

const postColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  body: posts.body,
  status: posts.status,
  publishAt: posts.publishAt,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  sentAt: posts.sentAt,
}

export type AdminPost = {
  id: number
  slug: string
  title: string
  summary: string
  body: string
  status: 'draft' | 'scheduled' | 'published'
  publishAt: Date | null
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  /** When the post was sent to the subscribers (once), or null. */
  sentAt: Date | null
}

const postRow = rowsOf<number>('post', posts, posts.id, 'Post')

/** What the activity log keeps of a post. */
const snapshot = ({ createdAt: _c, updatedAt: _u, ...fields }: AdminPost) => ({
  ...fields,
  publishAt: fields.publishAt?.toISOString() ?? null,
  publishedAt: fields.publishedAt?.toISOString() ?? null,
})

const ADMIN_LIST: AdminListSource = {
  table: posts,
  order: [descending(posts.createdAt), descending(posts.id)],
  search: [posts.title, posts.summary, posts.slug],
}

/** Every post in every state, newest first, searched by title, summary or slug. */
export function listPostsForAdmin(db: Db, query: { q?: string; before?: number; limit: number }) {
  return adminPage(db.select(postColumns).from(posts).$dynamic(), ADMIN_LIST, query) as Promise<AdminPost[]>
}

const published = eq(posts.status, 'published')
const newestFirst = [desc(posts.publishedAt), desc(posts.id)]
const listed = { slug: posts.slug, title: posts.title, summary: posts.summary, publishedAt: posts.publishedAt }

/** A page of the published posts, newest first, and whether another page follows. */
export async function listPublishedPosts(db: Db, page: number) {
  const rows = await db
    .select(listed)
    .from(posts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(NEWS_PAGE_SIZE + 1)
    .offset((page - 1) * NEWS_PAGE_SIZE)
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).where(published)
  return {
    items: rows.slice(0, NEWS_PAGE_SIZE),
    hasMore: rows.length > NEWS_PAGE_SIZE,
    pages: Math.max(1, Math.ceil((counted?.total ?? 0) / NEWS_PAGE_SIZE)),
  }
}

/** The newest published posts, for the home page. */
export function latestPosts(db: Db, count = NEWS_ON_HOME) {
  return db
    .select(listed)
    .from(posts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(count)
}

/** The feed's entries: the newest published posts with their rendered bodies. */
export async function feedPosts(db: Db) {
  const rows = await db
    .select({ ...listed, ...storedColumns, updatedAt: posts.updatedAt })
    .from(posts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(NEWS_FEED_SIZE)
  return Promise.all(
    rows.map(async ({ id, body, bodyHtml, bodyText, ...row }) => ({
      ...row,
      html: (await storedBody(db, 'post', { id, body, bodyHtml, bodyText })).html,
    })),
  )
}

/** What a read needs of a post's body: its stored rendering (and the Markdown, for a row that has none). */
const storedColumns = { id: posts.id, body: posts.body, bodyHtml: posts.bodyHtml, bodyText: posts.bodyText }

export type PublicPost = {
  slug: string
  title: string
  summary: string
  body: string
  html: string
  publishedAt: Date
  updatedAt: Date
}

/** A published post with its HTML; null when there is none by that slug, 'gone' when it was deleted. */
export async function findPublishedPost(db: Db, slug: string): Promise<PublicPost | 'gone' | null> {
  if (!SLUG_PATTERN.test(slug)) return null
  const [row] = await db
    .select({ ...listed, ...storedColumns, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(eq(posts.slug, slug), published))
  if (row?.publishedAt) {
    const { id: _id, bodyHtml: _html, bodyText: _text, ...shown } = row
    return { ...shown, publishedAt: row.publishedAt, html: (await storedBody(db, 'post', row)).html }
  }
  return (await isRetired(db, slug)) ? 'gone' : null
}

/** The public answer for one post: 404 unless published, 410 once deleted. */
export async function getPublishedPost(db: Db, slug: string): Promise<PublicPost> {
  const post = await findPublishedPost(db, slug)
  if (post === 'gone') throw new GoneError('This post was removed')
  if (!post) throw new NotFoundError(`Post ${slug.slice(0, 64)} not found`)
  return post
}

export async function isRetired(db: Db, slug: string) {
  if (!SLUG_PATTERN.test(slug)) return false
  const rows = await db.select({ slug: retiredSlugs.slug }).from(retiredSlugs).where(eq(retiredSlugs.slug, slug))
  return rows.length > 0
}

/** Whether `slug` is free for post `id` (or a new post): no other post has it and it was never retired. */
async function slugFree(tx: Db, slug: string, id: number | null) {
  const [taken] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug))
  if (taken && taken.id !== id) return false
  return !(await isRetired(tx, slug))
}

/** The slug asked for (refused when taken), or the title's with -2, -3… until one is free. */
async function chooseSlug(tx: Db, input: PostInput, id: number | null): Promise<string> {
  if (input.slug) {
    if (!(await slugFree(tx, input.slug, id)))
      throw new BadInputError('Another post uses this slug, or used it', {
        slug: 'Another post uses this slug, or used it',
      })
    return input.slug
  }
  const base = slugFromTitle(input.title) || 'post'
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 90)}-${n}`
    if (await slugFree(tx, candidate, id)) return candidate
  }
}

/** The stored fields for a status: a published post keeps the time it was first published. */
function statusFields(input: PostInput, before: AdminPost | null) {
  if (input.status === 'scheduled') return { status: input.status, publishAt: input.publishAt ?? null }
  if (input.status === 'published')
    return { status: input.status, publishAt: null, publishedAt: before?.publishedAt ?? new Date() }
  return { status: input.status, publishAt: null }
}

/** The body rendered for storing, before anything is written: a refused body (400) leaves nothing stored. */
async function renderedFields(body: string) {
  const { html, text } = await renderForStoring('post', body)
  return { body, bodyHtml: html, bodyText: text }
}

export async function createPost(db: Db, actor: Actor, input: PostInput): Promise<AdminPost> {
  const rendered = await renderedFields(input.body)
  return db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, input, null)
    const [created] = (await tx
      .insert(posts)
      .values({ title: input.title, slug, summary: input.summary, ...rendered, ...statusFields(input, null) })
      .returning(postColumns)) as AdminPost[]
    if (!created) throw new Error('insert returned no row')
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'post',
      entityId: created.id,
      before: null,
      after: snapshot(created),
    })
    return created
  })
}

/** Edits a post; the slug of a post that has been published cannot change (409). */
export async function updatePost(db: Db, actor: Actor, id: number, input: PostInput): Promise<AdminPost> {
  const rendered = await renderedFields(input.body)
  return db.transaction(async (tx) => {
    const before = (await lockedRow(tx, postRow(id), postColumns)) as AdminPost | undefined
    if (!before) throw new NotFoundError(postRow(id).notFound)
    let slug = before.slug
    if (input.slug && input.slug !== before.slug) {
      if (before.publishedAt)
        throw new ConflictError('The slug of a published post cannot change: its address is public')
      slug = await chooseSlug(tx, input, id)
    }
    const [after] = (await tx
      .update(posts)
      .set({
        title: input.title,
        slug,
        summary: input.summary,
        ...rendered,
        ...statusFields(input, before),
        updatedAt: new Date(),
      })
      .where(eq(posts.id, id))
      .returning(postColumns)) as AdminPost[]
    if (!after) throw new NotFoundError(postRow(id).notFound)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'post',
      entityId: id,
      ...changedFields(snapshot(before), snapshot(after)),
    })
    return after
  })
}

/** Deletes a post; a post that was published leaves its slug retired, so its address answers 410. */
export function deletePost(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [deleted] = (await tx.delete(posts).where(eq(posts.id, id)).returning(postColumns)) as AdminPost[]
    if (!deleted) throw new NotFoundError(postRow(id).notFound)
    if (deleted.publishedAt) await tx.insert(retiredSlugs).values({ slug: deleted.slug }).onConflictDoNothing()
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'post',
      entityId: id,
      before: snapshot(deleted),
      after: null,
    })
    return { id }
  })
}

/** Who the activity log names for a post the server published at its time. */
export const SCHEDULER: Actor = { email: 'scheduler' }

/**
 * Publishes the scheduled posts whose time has come, in one statement: however many processes run
 * it at once, each post is published by exactly one of them (the others' UPDATE finds it published).
 * Its publishedAt is the time it was scheduled for, also when the server was down at that time.
 */
export function publishDuePosts(db: Db): Promise<{ id: number; slug: string }[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(posts)
      .set({ status: 'published', publishedAt: sql`${posts.publishAt}`, updatedAt: sql`now()` })
      .where(and(eq(posts.status, 'scheduled'), sql`${posts.publishAt} <= now()`))
      .returning({ id: posts.id, slug: posts.slug, publishedAt: posts.publishedAt })
    for (const row of rows) {
      await recordChange(tx, SCHEDULER, {
        action: 'update',
        entity: 'post',
        entityId: row.id,
        before: { status: 'scheduled' },
        after: { status: 'published', publishedAt: row.publishedAt?.toISOString() ?? null },
      })
    }
    return rows.map(({ id, slug }) => ({ id, slug }))
  })
}

/**
 * The preview of the admin's editor: the same renderer as the page, with the same refusal as a
 * save, and the links that would go nowhere in the newsletter's mail.
 */
export const previewPost = async (body: string, headings: HeadingStyle = 'shifted') => {
  const { html, unreachable } = await renderBody(body, headings)
  return { html, unreachable }
}

/** Every published post's slug and last change, for /sitemap.xml. */
export function publishedSlugs(db: Db) {
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(published)
    .orderBy(...newestFirst)
}
