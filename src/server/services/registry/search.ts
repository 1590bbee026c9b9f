import { and, asc, count, desc, eq, exists, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listingDeclarations, listings, standardDocuments, standardVersions } from '../../../db/schema'
import {
  ADMIN_REGISTRY_PAGE_SIZE,
  EXPIRING_SOON_DAYS,
  normalizeListingNumber,
  REGISTRY_PAGE_SIZE,
  unknownZipSentence,
} from '../../../shared/registry'
import type {
  AdminListingList,
  AdminRegistryQuery,
  RegistryPage,
  RegistrySearch,
  RegistryStandard,
} from '../../../shared/schemas/registry'
import { BadInputError } from '../../errors'
import { containing } from '../list-query'
import { addDays, summaryOf, todayOf } from './shared'
import { distanceKmSql, zipLocation } from './zip'

/* The registry's lists: the public search and the admin list with its counts (the feed's and the sitemap's are in feed.ts). */

/**
 * Words typed into a search box: the stored words' vector (stemmed: "centres" finds "Centre"), any
 * part of the name, address or model as typed (a postal code's first digits, a half-typed name),
 * or the listing's number in any form people type it.
 */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined
  const pattern = containing(q)
  const number = normalizeListingNumber(q)
  return or(
    sql`${listings.searchVector} @@ websearch_to_tsquery('english', ${q})`,
    sql`${listings.searchText} ilike ${pattern}`,
    sql`(coalesce(${listings.manufacturer}, '') || ' ' || coalesce(${listings.modelName}, '')) ilike ${pattern}`,
    number ? eq(listings.number, number) : undefined,
  )
}

/** Declares a version of the standard `key` (any of its versions: the page says which, and whether superseded). */
const declaresStandard = (db: Db, key: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(listingDeclarations)
      .innerJoin(standardVersions, eq(standardVersions.id, listingDeclarations.versionId))
      .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
      .where(and(eq(listingDeclarations.listingId, listings.id), eq(standardDocuments.key, key))),
  )

/** Declares a version that a later published version replaced. */
const declaresSuperseded = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(listingDeclarations)
      .innerJoin(standardVersions, eq(standardVersions.id, listingDeclarations.versionId))
      .where(and(eq(listingDeclarations.listingId, listings.id), eq(standardVersions.state, 'superseded'))),
  )

const byName = sql`lower(coalesce(${listings.manufacturer} || ' ' || ${listings.modelName}, ${listings.organisationName}))`

/**
 * The public registry: listed listings unless another status is asked for; near a ZIP code, the
 * facilities by distance (a chamber model has no place, so it is not in such a search), else by
 * name. An unknown ZIP code is a 400 with a sentence the page shows beside the field.
 */
export async function listRegistry(db: Db, query: RegistrySearch): Promise<RegistryPage> {
  const near = query.near === undefined ? null : zipLocation(query.near)
  if (query.near !== undefined && !near) {
    const message = unknownZipSentence(query.near)
    throw new BadInputError(message, { near: message })
  }
  const where = and(
    query.status === 'all' ? undefined : eq(listings.status, query.status),
    query.kind ? eq(listings.kind, query.kind) : undefined,
    near ? eq(listings.kind, 'facility') : undefined,
    query.standard ? declaresStandard(db, query.standard) : undefined,
    matching(query.q),
  )
  const distance = near ? distanceKmSql(near, listings.latitude, listings.longitude) : sql<number | null>`null`
  const [total] = await db.select({ n: count() }).from(listings).where(where)
  const rows = await db
    .select({
      row: listings,
      distance: sql<number | null>`${distance}`.mapWith((value) => (value === null ? null : Number(value))),
    })
    .from(listings)
    .where(where)
    .orderBy(...(near ? [sql`${distance} asc nulls last`] : []), asc(byName), asc(listings.seq))
    .limit(REGISTRY_PAGE_SIZE)
    .offset((query.page - 1) * REGISTRY_PAGE_SIZE)
  return {
    items: rows.map(({ row, distance: km }) => summaryOf(row, near ? km : null)),
    page: query.page,
    pageSize: REGISTRY_PAGE_SIZE,
    total: total?.n ?? 0,
    near: near ? { zip: near.zip, place: near.place } : null,
  }
}

/** The council's list: newest first, filtered, with the counts its tabs show (of the whole registry). */
export async function adminRegistryList(
  db: Db,
  query: AdminRegistryQuery,
  now: Date = new Date(),
): Promise<AdminListingList> {
  const today = todayOf(now)
  const soon = addDays(today, EXPIRING_SOON_DAYS)
  const expiringSoon = and(eq(listings.status, 'listed'), lte(listings.expiresOn, soon))
  const where = and(
    query.status === 'all' ? undefined : eq(listings.status, query.status),
    query.kind ? eq(listings.kind, query.kind) : undefined,
    query.expiring ? expiringSoon : undefined,
    query.superseded ? declaresSuperseded(db) : undefined,
    matching(query.q),
  )
  const [total] = await db.select({ n: count() }).from(listings).where(where)
  const rows = await db
    .select()
    .from(listings)
    .where(where)
    .orderBy(desc(listings.seq))
    .limit(ADMIN_REGISTRY_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_REGISTRY_PAGE_SIZE)
  const superseded = rows.length
    ? await db
        .select({ listingId: listingDeclarations.listingId, n: count() })
        .from(listingDeclarations)
        .innerJoin(standardVersions, eq(standardVersions.id, listingDeclarations.versionId))
        .where(
          and(
            inArray(
              listingDeclarations.listingId,
              rows.map((row) => row.id),
            ),
            eq(standardVersions.state, 'superseded'),
          ),
        )
        .groupBy(listingDeclarations.listingId)
    : []
  const supersededBy = new Map(superseded.map((row) => [row.listingId, row.n]))
  const [counts] = await db
    .select({
      all: count(),
      listed: sql<number>`count(*) filter (where ${listings.status} = 'listed')`.mapWith(Number),
      suspended: sql<number>`count(*) filter (where ${listings.status} = 'suspended')`.mapWith(Number),
      withdrawn: sql<number>`count(*) filter (where ${listings.status} = 'withdrawn')`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${listings.status} = 'expired')`.mapWith(Number),
      expiringSoon: sql<number>`count(*) filter (where ${expiringSoon})`.mapWith(Number),
      superseded: sql<number>`count(*) filter (where ${declaresSuperseded(db)})`.mapWith(Number),
    })
    .from(listings)
  return {
    items: rows.map((row) => ({
      ...summaryOf(row),
      id: row.id,
      supersededDeclarations: supersededBy.get(row.id) ?? 0,
    })),
    page: query.page,
    pageSize: ADMIN_REGISTRY_PAGE_SIZE,
    total: total?.n ?? 0,
    counts: counts ?? { all: 0, listed: 0, suspended: 0, withdrawn: 0, expired: 0, expiringSoon: 0, superseded: 0 },
  }
}

/** The standards a listing can declare (those with a published version), for the public filter. */
export async function registryStandards(db: Db): Promise<RegistryStandard[]> {
  return db
    .selectDistinct({ number: standardDocuments.number, key: standardDocuments.key, title: standardDocuments.title })
    .from(standardDocuments)
    .innerJoin(standardVersions, eq(standardVersions.documentId, standardDocuments.id))
    .where(eq(standardVersions.state, 'published'))
    .orderBy(asc(standardDocuments.number))
}
