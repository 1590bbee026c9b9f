import { count, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { testimonials } from '../../db/schema'
import { type AdminListQuery, TestimonialListQuerySchema } from '../../shared/schemas/admin'
import {
  AdminTestimonialInputSchema,
  type TestimonialPatch,
  TestimonialPatchSchema,
  type TestimonialSubmissionSchema,
} from '../../shared/schemas/testimonial'
import { ConflictError, NotFoundError } from '../errors'
import { type Actor, recordChange } from './audit'
import { type AdminListSource, adminPage, ascending, descending } from './list-query'
import { deleteVisitorRow, lockedRow, rowsOf, updatedRow } from './rows'

const publicTestimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  location: testimonials.location,
  testimonial: testimonials.testimonial,
}

const adminTestimonialColumns = {
  ...publicTestimonialColumns,
  isApproved: testimonials.isApproved,
  consentedAt: testimonials.consentedAt,
  source: testimonials.source,
  createdAt: testimonials.createdAt,
}

/** A testimonial as queries, the activity log and a 404 name it. */
const testimonialRow = rowsOf<number>('testimonial', testimonials, testimonials.id, 'Testimonial')

/**
 * What the activity log keeps of a testimonial: its approval, and which of the author's fields
 * changed, never their words (they are the author's to withdraw; docs/decisions/014-audit-log.md).
 */
type Edited = { isApproved?: boolean; edited?: string[] }

/** Approved testimonials only, newest first. */
export function listApprovedTestimonials(db: Db) {
  return db
    .select(publicTestimonialColumns)
    .from(testimonials)
    .where(eq(testimonials.isApproved, true))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
}

/** Those waiting for review first, then newest first. */
const ADMIN_LIST: AdminListSource = {
  table: testimonials,
  order: [ascending(testimonials.isApproved), descending(testimonials.createdAt), descending(testimonials.id)],
  search: [testimonials.name, testimonials.location, testimonials.testimonial],
}

/**
 * Testimonials for the council, those waiting for review first, a page at a time; with `q`, only
 * those whose name, location or words contain it.
 */
export function listAllTestimonials(db: Db, query: AdminListQuery) {
  return adminPage(db.select(adminTestimonialColumns).from(testimonials).$dynamic(), ADMIN_LIST, query)
}

/** How many wait for review: the count beside "Testimonials" in the admin's navigation. */
export async function countPendingTestimonials(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testimonials).where(eq(testimonials.isApproved, false))
  return row?.n ?? 0
}

/** The fields that are the author's own words; on a visitor's testimonial no one else may change them. */
const AUTHOR_FIELDS = ['name', 'location', 'testimonial'] as const

export const VISITOR_WORDS_LOCKED =
  'This testimonial was sent by a visitor through the site: its name, location and words are theirs and cannot be changed. Approve, unapprove or delete it; the council can edit only testimonials it entered itself.'

/**
 * A visitor's testimonial, stored for review with the time consent was given. A filled honeypot
 * marks a bot: it gets the same answer as a person, and nothing is stored.
 */
export async function submitTestimonial(
  db: Db,
  input: z.output<typeof TestimonialSubmissionSchema>,
): Promise<{ ok: true }> {
  if (input.website && input.website.trim() !== '') return { ok: true }
  await db.insert(testimonials).values({
    name: input.name,
    location: input.location,
    testimonial: input.testimonial,
    isApproved: false,
    consentedAt: sql`now()`,
    source: 'visitor',
  })
  return { ok: true }
}

export async function createTestimonial(db: Db, actor: Actor, input: z.output<typeof AdminTestimonialInputSchema>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(testimonials)
      .values({
        name: input.name,
        location: input.location,
        testimonial: input.testimonial,
        isApproved: input.isApproved,
        consentedAt: sql`now()`,
        source: 'council',
      })
      .returning(adminTestimonialColumns)
    if (!row) throw new Error('insert returned no row')
    const after: Edited = { isApproved: row.isApproved }
    await recordChange(tx, actor, { action: 'create', entity: 'testimonial', entityId: row.id, before: null, after })
    return row
  })
}

export async function updateTestimonial(db: Db, actor: Actor, id: number, patch: TestimonialPatch) {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, testimonialRow(id), adminTestimonialColumns)
    if (!before) throw new NotFoundError(testimonialRow(id).notFound)
    // An endorsement the council edited would no longer be the visitor's (README, "The admin").
    if (
      before.source === 'visitor' &&
      AUTHOR_FIELDS.some((field) => field in patch && patch[field] !== before[field])
    ) {
      throw new ConflictError(VISITOR_WORDS_LOCKED)
    }
    const row = await updatedRow(tx, testimonialRow(id), patch, adminTestimonialColumns)
    const edited = AUTHOR_FIELDS.filter((field) => before[field] !== row[field])
    const was: Edited = {}
    const now: Edited = {}
    if (before.isApproved !== row.isApproved) {
      was.isApproved = before.isApproved
      now.isApproved = row.isApproved
    }
    if (edited.length > 0) now.edited = edited
    if (Object.keys(now).length > 0) {
      await recordChange(tx, actor, { action: 'update', entity: 'testimonial', entityId: id, before: was, after: now })
    }
    return row
  })
}

export function deleteTestimonial(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  // Its approval is what the log keeps (Edited), as for its other changes.
  return deleteVisitorRow(db, actor, testimonialRow(id), { isApproved: testimonials.isApproved })
}

/**
 * The admin's list of testimonials (pending first) and its changes, each with the shared schema
 * that reads its input: the REST routes (`recordRoutes`) and the tRPC procedures
 * (`recordProcedures`) both serve this.
 */
export const testimonialRecords = {
  list: { query: TestimonialListQuerySchema, run: listAllTestimonials },
  create: { body: AdminTestimonialInputSchema, run: createTestimonial },
  update: { body: TestimonialPatchSchema, run: updateTestimonial },
  remove: deleteTestimonial,
}
