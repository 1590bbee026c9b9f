import { asc, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listings, registryConcerns } from '../../../db/schema'
import {
  CONCERN_RECEIVED,
  CONCERN_RECEIVED_NO_MAIL,
  CONCERN_STATES,
  type ConcernState,
} from '../../../shared/registry-applications'
import type {
  AdminConcern,
  ConcernInput,
  ConcernQueue,
  ConcernSummary,
} from '../../../shared/schemas/registry-applications'
import { ConflictError, NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { queueMail } from '../mail-outbox'
import { listingName, notFoundListing } from './shared'
import { changeListingStatus } from './status'

/*
 * Concerns about a listing (docs/registry.md, "Concerns"; decision 048): raised by anyone, read by
 * the registrars, never public. Closing one may suspend or withdraw its listing, with the public
 * reason, in the closing's own transaction.
 */

type ConcernRow = typeof registryConcerns.$inferSelect
type ListingBits = Pick<
  typeof listings.$inferSelect,
  'number' | 'key' | 'status' | 'kind' | 'organisationName' | 'manufacturer' | 'modelName'
>

export const concernReference = (number: number) => `Concern ${number}`

/** Who the activity log names for a concern raised by the public: their part, never their address. */
const PUBLIC: Actor = { email: 'public' }

/** A concern about the listing `number`; a filled honeypot gets the same answer and stores nothing. */
export async function raiseConcern(
  db: Db,
  number: string,
  input: ConcernInput,
  settings: { mailEnabled: boolean },
): Promise<{ reference: string; message: string }> {
  const message = settings.mailEnabled ? CONCERN_RECEIVED : CONCERN_RECEIVED_NO_MAIL
  const [listing] = await db.select({ id: listings.id }).from(listings).where(eq(listings.number, number))
  if (!listing) throw notFoundListing()
  if (input.website?.trim()) return { reference: concernReference(0), message }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registryConcerns)
      .values({
        listingId: listing.id,
        name: input.name,
        email: input.email,
        whatHappened: input.whatHappened,
        happenedWhen: input.when,
        consent: input.consent,
      })
      .returning()
    if (!row) throw new Error('insert returned no row')
    await recordChange(tx, PUBLIC, {
      action: 'create',
      entity: 'registry_concern',
      entityId: row.id,
      before: null,
      after: { reference: concernReference(row.number), listing: number, state: 'new' },
    })
    if (settings.mailEnabled) {
      await queueMail(tx, { kind: 'registry_concern_ack', concernId: row.id })
      await queueMail(tx, { kind: 'registry_concern_notice', concernId: row.id })
    }
    return { reference: concernReference(row.number), message }
  })
}

const summaryOf = (row: ConcernRow, listing: ListingBits): ConcernSummary => ({
  id: row.id,
  reference: concernReference(row.number),
  state: row.state,
  listing: { number: listing.number, key: listing.key, name: listingName(listing), status: listing.status },
  name: row.name,
  receivedAt: row.createdAt.toISOString(),
})

const listingColumns = {
  number: listings.number,
  key: listings.key,
  status: listings.status,
  kind: listings.kind,
  organisationName: listings.organisationName,
  manufacturer: listings.manufacturer,
  modelName: listings.modelName,
}

const PAGE_SIZE = 50

/** The registrars' queue: open (new and looking into it) by default, oldest first. */
export async function adminConcernQueue(db: Db, query: { state: string; page: number }): Promise<ConcernQueue> {
  const states: ConcernState[] =
    query.state === 'all'
      ? [...CONCERN_STATES]
      : query.state === 'open'
        ? ['new', 'looking']
        : [query.state as ConcernState]
  const rows = await db
    .select({ row: registryConcerns, listing: listingColumns })
    .from(registryConcerns)
    .innerJoin(listings, eq(listings.id, registryConcerns.listingId))
    .where(inArray(registryConcerns.state, states))
    .orderBy(asc(registryConcerns.createdAt), asc(registryConcerns.number))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE)
  const tallies = await db
    .select({ state: registryConcerns.state, n: count() })
    .from(registryConcerns)
    .groupBy(registryConcerns.state)
  const counts = Object.fromEntries(CONCERN_STATES.map((state) => [state, 0])) as ConcernQueue['counts']
  for (const tally of tallies) counts[tally.state] = tally.n
  counts.open = counts.new + counts.looking
  counts.all = counts.open + counts.closed
  return {
    items: rows.map(({ row, listing }) => summaryOf(row, listing)),
    page: query.page,
    pageSize: PAGE_SIZE,
    total: states.reduce((sum, state) => sum + counts[state], 0),
    counts,
  }
}

async function concernRow(db: Db, id: string, lock = false) {
  const query = db
    .select({ row: registryConcerns, listing: listingColumns, listingId: listings.id })
    .from(registryConcerns)
    .innerJoin(listings, eq(listings.id, registryConcerns.listingId))
    .where(eq(registryConcerns.id, id))
  const [found] = lock ? await query.for('update', { of: registryConcerns }) : await query
  if (!found) throw new NotFoundError('No such concern')
  return found
}

export async function adminConcern(db: Db, id: string): Promise<AdminConcern> {
  const { row, listing } = await concernRow(db, id)
  return {
    ...summaryOf(row, listing),
    email: row.email,
    whatHappened: row.whatHappened,
    when: row.happenedWhen,
    consent: row.consent,
    outcome: row.outcome,
    statusChange:
      row.statusAction === 'suspend' || row.statusAction === 'withdraw'
        ? { action: row.statusAction, reason: row.statusReason ?? '' }
        : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
  }
}

/** A registrar takes it up: new → looking into it. */
export async function lookIntoConcern(db: Db, actor: Actor, input: { id: string }): Promise<AdminConcern> {
  await db.transaction(async (tx) => {
    const { row } = await concernRow(tx, input.id, true)
    if (row.state !== 'new')
      throw new ConflictError(
        `${concernReference(row.number)} is already ${row.state === 'closed' ? 'closed' : 'being looked into'}`,
      )
    await tx
      .update(registryConcerns)
      .set({ state: 'looking', updatedAt: new Date() })
      .where(eq(registryConcerns.id, row.id))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'registry_concern',
      entityId: row.id,
      before: { reference: concernReference(row.number), state: 'new' },
      after: { reference: concernReference(row.number), state: 'looking' },
    })
  })
  return adminConcern(db, input.id)
}

/**
 * Closes a concern with its outcome (private) and, when it leads to one, the listing's suspension or
 * withdrawal with its public reason: one transaction, so a move the listing's status refuses (409)
 * leaves the concern open as it was.
 */
export async function closeConcern(
  db: Db,
  actor: Actor,
  input: { id: string; outcome: string; statusChange?: { action: 'suspend' | 'withdraw'; reason: string } | undefined },
): Promise<AdminConcern> {
  await db.transaction(async (tx) => {
    const { row, listingId } = await concernRow(tx, input.id, true)
    if (row.state === 'closed') throw new ConflictError(`${concernReference(row.number)} is already closed`)
    if (input.statusChange) {
      await changeListingStatus(tx, actor, {
        id: listingId,
        action: input.statusChange.action,
        reason: input.statusChange.reason,
      })
    }
    const now = new Date()
    await tx
      .update(registryConcerns)
      .set({
        state: 'closed',
        outcome: input.outcome,
        statusAction: input.statusChange?.action ?? null,
        statusReason: input.statusChange?.reason ?? null,
        closedAt: now,
        closedBy: actor.email,
        updatedAt: now,
      })
      .where(eq(registryConcerns.id, row.id))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'registry_concern',
      entityId: row.id,
      before: { reference: concernReference(row.number), state: row.state },
      after: {
        reference: concernReference(row.number),
        state: 'closed',
        ...(input.statusChange ? { listing: input.statusChange.action } : {}),
      },
    })
  })
  return adminConcern(db, input.id)
}
