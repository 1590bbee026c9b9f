import { and, asc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../../db/client'
import {
  attachments,
  listingChambers,
  listingDeclarations,
  listingDocuments,
  listingStatusChanges,
  listings,
  standardDocuments,
  standardVersions,
} from '../../../db/schema'
import { type ChamberStatedStandard, fdaLink, type ListingStatus } from '../../../shared/registry'
import type { AdminListing, ListingDeclaration, ListingPage } from '../../../shared/schemas/registry'
import { compareVersionLabels } from '../../../shared/version-labels'
import { type ListingRow, listingById, listingName, summaryOf } from './shared'

/* A listing read whole: its public page, and the council's view with the private parts. */

const chamberListing = alias(listings, 'chamber_listing')

/** The facility's chamber models, in the order the council gave them, with their listings where named. */
async function chambersOf(db: Db, listingId: string) {
  const rows = await db
    .select({
      name: listingChambers.name,
      listingId: listingChambers.chamberListingId,
      number: chamberListing.number,
      key: chamberListing.key,
      status: chamberListing.status,
      manufacturer: chamberListing.manufacturer,
      modelName: chamberListing.modelName,
      organisationName: chamberListing.organisationName,
      kind: chamberListing.kind,
    })
    .from(listingChambers)
    .leftJoin(chamberListing, eq(chamberListing.id, listingChambers.chamberListingId))
    .where(eq(listingChambers.listingId, listingId))
    .orderBy(asc(listingChambers.position))
  return rows.map((row) => ({
    name:
      row.number && row.kind
        ? listingName({ ...row, kind: row.kind, organisationName: row.organisationName ?? '' })
        : (row.name ?? ''),
    number: row.number,
    key: row.key,
    status: (row.status as ListingStatus | null) ?? null,
    listingId: row.listingId,
  }))
}

/** The listed facilities that use a chamber model: never a facility that is not listed. */
async function usedByOf(db: Db, chamberId: string) {
  const rows = await db
    .selectDistinct({
      number: listings.number,
      key: listings.key,
      kind: listings.kind,
      organisationName: listings.organisationName,
      manufacturer: listings.manufacturer,
      modelName: listings.modelName,
    })
    .from(listingChambers)
    .innerJoin(listings, eq(listings.id, listingChambers.listingId))
    .where(and(eq(listingChambers.chamberListingId, chamberId), eq(listings.status, 'listed')))
    .orderBy(asc(listings.number))
  return rows.map((row) => ({ name: listingName(row), number: row.number, key: row.key }))
}

/**
 * The standards a listing declares, each by its version, and whether a newer version has been
 * published since (docs/registry.md): "declares version 1.0, superseded on …". Nothing changes a
 * listing's status by itself; the page and the admin list say so and the council decides.
 */
export async function declarationsOf(db: Db, listingIds: string[]): Promise<Map<string, ListingDeclaration[]>> {
  const byListing = new Map<string, ListingDeclaration[]>()
  if (listingIds.length === 0) return byListing
  const declared = await db
    .select({
      listingId: listingDeclarations.listingId,
      documentId: standardDocuments.id,
      number: standardDocuments.number,
      key: standardDocuments.key,
      title: standardDocuments.title,
      version: standardVersions.version,
    })
    .from(listingDeclarations)
    .innerJoin(standardVersions, eq(standardVersions.id, listingDeclarations.versionId))
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .where(inArray(listingDeclarations.listingId, listingIds))
    .orderBy(asc(standardDocuments.number))
  const documentIds = [...new Set(declared.map((row) => row.documentId))]
  const current = documentIds.length
    ? await db
        .select({
          documentId: standardVersions.documentId,
          version: standardVersions.version,
          effectiveDate: standardVersions.effectiveDate,
        })
        .from(standardVersions)
        .where(and(inArray(standardVersions.documentId, documentIds), eq(standardVersions.state, 'published')))
    : []
  const published = new Map(current.map((row) => [row.documentId, row]))
  for (const row of declared) {
    const now = published.get(row.documentId)
    const supersededBy =
      now && compareVersionLabels(now.version, row.version) > 0
        ? { version: now.version, effectiveDate: now.effectiveDate }
        : null
    const list = byListing.get(row.listingId) ?? []
    list.push({ number: row.number, key: row.key, title: row.title, version: row.version, supersededBy })
    byListing.set(row.listingId, list)
  }
  return byListing
}

async function historyOf(db: Db, listingId: string) {
  const rows = await db
    .select()
    .from(listingStatusChanges)
    .where(eq(listingStatusChanges.listingId, listingId))
    .orderBy(asc(listingStatusChanges.id))
  return rows.map((row) => ({
    at: row.at.toISOString(),
    from: (row.fromStatus as ListingStatus | null) ?? null,
    to: row.toStatus as ListingStatus,
    reason: row.reason,
    expiresOn: row.expiresOn,
  }))
}

type Detailed = Omit<ListingPage, 'chambers'> & { chambers: AdminListing['chambers'] }

async function detailsOf(db: Db, row: ListingRow): Promise<Detailed> {
  const facility = row.kind === 'facility'
  const [chambers, usedBy, declarations, history] = await Promise.all([
    facility ? chambersOf(db, row.id) : Promise.resolve([]),
    facility ? Promise.resolve([]) : usedByOf(db, row.id),
    declarationsOf(db, [row.id]),
    historyOf(db, row.id),
  ])
  return {
    ...summaryOf(row),
    website: row.website,
    street: facility ? row.street : null,
    maxPressureAta: facility ? null : row.maxPressureAta,
    fda510k: facility ? null : row.fda510k,
    fdaUrl: !facility && row.fda510k ? fdaLink(row.fda510k) : null,
    statedStandards: facility ? [] : (row.statedStandards as ChamberStatedStandard[]),
    chambers,
    usedBy,
    declarations: declarations.get(row.id) ?? [],
    history,
  }
}

/**
 * A listing's public page by its canonical number, or null: never its contact e-mail, never its
 * evidence, never a chamber listing's internal id.
 */
export async function registryListing(db: Db, number: string): Promise<ListingPage | null> {
  const [row] = await db.select().from(listings).where(eq(listings.number, number))
  if (!row) return null
  const { chambers, ...details } = await detailsOf(db, row)
  return { ...details, chambers: chambers.map(({ listingId: _id, ...chamber }) => chamber) }
}

/** The council's view of a listing: the page plus the private contact, the evidence and the ids. */
export async function adminListing(db: Db, id: string): Promise<AdminListing> {
  const row = await listingById(db, id)
  const [details, documents] = await Promise.all([
    detailsOf(db, row),
    db
      .select({
        id: attachments.id,
        filename: attachments.filename,
        size: attachments.size,
        uploadedAt: attachments.createdAt,
      })
      .from(listingDocuments)
      .innerJoin(attachments, eq(attachments.id, listingDocuments.attachmentId))
      .where(eq(listingDocuments.listingId, id))
      .orderBy(asc(listingDocuments.addedAt), asc(attachments.filename)),
  ])
  return {
    ...details,
    id: row.id,
    contactEmail: row.contactEmail,
    documents: documents.map((document) => ({ ...document, uploadedAt: document.uploadedAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
