import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import {
  attachments,
  listingChambers,
  listingDeclarations,
  listingDocuments,
  listings,
  standardDocuments,
  standardVersions,
} from '../../../db/schema'
import { DEFAULT_LISTED_REASON, type ListingStatus } from '../../../shared/registry'
import type {
  AdminListing,
  CreatedListing,
  ListingInput,
  ListingUpdate,
  RegistryOptions,
} from '../../../shared/schemas/registry'
import { standardKey } from '../../../shared/schemas/standards'
import { BadInputError, ConflictError, NotFoundError } from '../../errors'
import { type Actor, changedFields, recordChange } from '../audit'
import { adminListing } from './read'
import { addDays, type ListingRow, listingName, lockedListing, recordStatusMove, todayOf } from './shared'
import { zipLocation } from './zip'

/*
 * Creating and editing listings: the fields, the standards declared (published versions only), a
 * facility's chamber models, the evidence attached. The number comes from the database's sequence
 * when the row is inserted (docs/decisions/046-the-registry.md); status moves are in status.ts.
 */

export type ListingSettings = { listingDays: number; now?: Date }

const US_NAMES = new Set(['united states', 'united states of america', 'usa', 'us', 'u.s.', 'u.s.a.'])

/** A facility's place on the map, from its ZIP code, for the search near a ZIP code; null outside the US or for a code the dataset lacks. */
function coordinatesOf(input: ListingInput): { latitude: number | null; longitude: number | null } {
  if (input.kind !== 'facility' || !US_NAMES.has(input.country.trim().toLowerCase())) {
    return { latitude: null, longitude: null }
  }
  const place = zipLocation(input.postalCode)
  return place ? { latitude: place.lat, longitude: place.lon } : { latitude: null, longitude: null }
}

/** The row's own fields from the input: a facility's address or a chamber model's rating, the other side null. */
function fieldsOf(input: ListingInput) {
  const common = {
    organisationName: input.organisationName,
    website: input.website,
    contactEmail: input.contactEmail,
  }
  if (input.kind === 'facility') {
    return {
      ...common,
      street: input.street,
      city: input.city,
      region: input.region,
      postalCode: input.postalCode,
      country: input.country,
      ...coordinatesOf(input),
      manufacturer: null,
      modelName: null,
      maxPressureAta: null,
      fda510k: null,
      statedStandards: [] as string[],
    }
  }
  return {
    ...common,
    street: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    latitude: null,
    longitude: null,
    manufacturer: input.manufacturer,
    modelName: input.modelName,
    maxPressureAta: input.maxPressureAta,
    fda510k: input.fda510k,
    statedStandards: [...input.statedStandards],
  }
}

/**
 * The versions declared, by id: each must be a published version of a standard. A version the
 * listing already declares may stay after a newer one is published (so saving an edit does not
 * force a new declaration; the page says it is superseded).
 */
export async function declaredVersions(
  tx: Db,
  input: Pick<ListingInput, 'declarations'>,
  kept: Set<number>,
): Promise<number[]> {
  const ids: number[] = []
  for (const [index, declaration] of input.declarations.entries()) {
    const [version] = await tx
      .select({ id: standardVersions.id, state: standardVersions.state })
      .from(standardVersions)
      .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
      .where(
        and(
          eq(standardDocuments.key, standardKey(declaration.number)),
          eq(standardVersions.version, declaration.version),
        ),
      )
    const allowed =
      version && (version.state === 'published' || (version.state === 'superseded' && kept.has(version.id)))
    if (!version || !allowed) {
      const message = `${declaration.number} version ${declaration.version} is not a published version: a listing declares published versions only`
      throw new BadInputError(message, { [`declarations.${index}`]: message })
    }
    ids.push(version.id)
  }
  return ids
}

/** A facility's chamber models: a listed chamber model's listing (one it already names may be in another status), or a typed name. */
async function checkedChambers(tx: Db, input: ListingInput, kept: Set<string>) {
  if (input.kind !== 'facility') return []
  const ids = input.chambers.flatMap((chamber) => ('listingId' in chamber ? [chamber.listingId] : []))
  const found = ids.length
    ? await tx
        .select({ id: listings.id, kind: listings.kind, status: listings.status })
        .from(listings)
        .where(inArray(listings.id, ids))
    : []
  const byId = new Map(found.map((row) => [row.id, row]))
  return input.chambers.map((chamber, position) => {
    if (!('listingId' in chamber)) return { chamberListingId: null, name: chamber.name, position }
    const row = byId.get(chamber.listingId)
    if (row?.kind !== 'chamber' || (row.status !== 'listed' && !kept.has(row.id))) {
      const message = 'A chamber chosen from the registry must be a listed chamber model'
      throw new BadInputError(message, { [`chambers.${position}`]: message })
    }
    return { chamberListingId: row.id, name: null, position }
  })
}

/** Evidence: private PDFs uploaded for the registry and not attached to another listing. */
async function checkedDocuments(tx: Db, listingId: string | null, ids: string[]) {
  if (ids.length === 0) return
  const rows = await tx
    .select({
      id: attachments.id,
      contentType: attachments.contentType,
      isPrivate: attachments.isPrivate,
      owner: listingDocuments.listingId,
    })
    .from(attachments)
    .leftJoin(listingDocuments, eq(listingDocuments.attachmentId, attachments.id))
    .where(inArray(attachments.id, ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id)
    if (!row?.isPrivate || row.contentType !== 'application/pdf' || (row.owner !== null && row.owner !== listingId)) {
      const message = 'Attach evidence uploaded for the registry (a PDF)'
      throw new BadInputError(message, { [`documentIds.${index}`]: message })
    }
  }
}

async function writeParts(
  tx: Db,
  listingId: string,
  versionIds: number[],
  chambers: { chamberListingId: string | null; name: string | null; position: number }[],
  documentIds: string[],
) {
  await tx.delete(listingDeclarations).where(eq(listingDeclarations.listingId, listingId))
  if (versionIds.length)
    await tx.insert(listingDeclarations).values(versionIds.map((versionId) => ({ listingId, versionId })))
  await tx.delete(listingChambers).where(eq(listingChambers.listingId, listingId))
  if (chambers.length) await tx.insert(listingChambers).values(chambers.map((chamber) => ({ listingId, ...chamber })))
  if (documentIds.length) {
    await tx
      .insert(listingDocuments)
      .values(documentIds.map((attachmentId) => ({ listingId, attachmentId })))
      .onConflictDoNothing()
  }
}

/** What the activity log keeps of a listing: the council's words, never the contact address. */
const snapshotOf = (
  row: Pick<
    ListingRow,
    'number' | 'kind' | 'organisationName' | 'manufacturer' | 'modelName' | 'listedOn' | 'expiresOn'
  > & {
    website: string | null
    city: string | null
    postalCode: string | null
  },
  declarations: string[],
  chambers: string[],
) => ({
  number: row.number,
  name: listingName(row),
  website: row.website,
  city: row.city,
  postalCode: row.postalCode,
  listedOn: row.listedOn,
  expiresOn: row.expiresOn,
  declarations,
  chambers,
})

const declaredLabels = (input: ListingInput) =>
  input.declarations.map((item) => `${standardKey(item.number)} ${item.version}`)
const chamberLabels = (input: ListingInput) =>
  input.kind === 'facility'
    ? input.chambers.map((chamber) => ('listingId' in chamber ? chamber.listingId : chamber.name))
    : []

/**
 * A new listing, listed from `listedOn` (today unless given) until `expiresOn` (listedOn plus the
 * setting's days unless given). Its number comes from the sequence as the row is inserted; its
 * first history row (none → listed) and its activity row are written in the same transaction.
 */
export async function createListing(
  db: Db,
  actor: Actor,
  input: ListingInput,
  settings: ListingSettings,
  reason: string = DEFAULT_LISTED_REASON,
): Promise<CreatedListing> {
  const today = todayOf(settings.now)
  const listedOn = input.listedOn ?? today
  const expiresOn = input.expiresOn ?? addDays(listedOn, settings.listingDays)
  if (expiresOn <= listedOn) {
    throw new BadInputError('The expiry date must be after the listed-on date', {
      expiresOn: 'The expiry date must be after the listed-on date',
    })
  }
  if (expiresOn <= today) {
    throw new BadInputError('The expiry date must be after today', { expiresOn: 'The expiry date must be after today' })
  }
  return db.transaction(async (tx) => {
    const versionIds = await declaredVersions(tx, input, new Set())
    const chambers = await checkedChambers(tx, input, new Set())
    await checkedDocuments(tx, null, input.documentIds)
    const [row] = await tx
      .insert(listings)
      .values({ kind: input.kind, status: 'listed', ...fieldsOf(input), listedOn, expiresOn, createdBy: actor.email })
      .returning()
    if (!row) throw new Error('insert returned no row')
    await writeParts(tx, row.id, versionIds, chambers, input.documentIds)
    await recordStatusMove(tx, actor, row, {
      move: 'list',
      from: null,
      to: 'listed',
      reason,
      expiresOn,
      previousExpiresOn: null,
    })
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'listing',
      entityId: row.id,
      before: null,
      after: { ...snapshotOf(row, declaredLabels(input), chamberLabels(input)), kind: row.kind, status: 'listed' },
    })
    return { id: row.id, number: row.number, key: row.key }
  })
}

/**
 * Edits a listing's fields, declarations, chambers and evidence (added; removing one is
 * removeListingDocument). Its kind never changes, and neither does its status or expiry date here:
 * those move only through a status change, with its public reason.
 */
export async function updateListing(db: Db, actor: Actor, input: ListingUpdate): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const row = await lockedListing(tx, input.id)
    if (row.kind !== input.kind) {
      throw new BadInputError('A listing’s kind cannot change: list the other kind as a new listing', {
        kind: 'A listing’s kind cannot change',
      })
    }
    if (input.expiresOn !== undefined && input.expiresOn !== row.expiresOn) {
      throw new ConflictError('The expiry date changes by renewing the listing, with its public reason')
    }
    const listedOn = input.listedOn ?? row.listedOn
    if (row.expiresOn <= listedOn) {
      throw new BadInputError('The listed-on date must be before the expiry date', {
        listedOn: 'The listed-on date must be before the expiry date',
      })
    }
    const keptVersions = await tx
      .select({ versionId: listingDeclarations.versionId })
      .from(listingDeclarations)
      .where(eq(listingDeclarations.listingId, row.id))
    const keptChambers = await tx
      .select({ id: listingChambers.chamberListingId })
      .from(listingChambers)
      .where(eq(listingChambers.listingId, row.id))
    const versionIds = await declaredVersions(tx, input, new Set(keptVersions.map((kept) => kept.versionId)))
    const chambers = await checkedChambers(
      tx,
      input,
      new Set(keptChambers.flatMap((kept) => (kept.id ? [kept.id] : []))),
    )
    if (chambers.some((chamber) => chamber.chamberListingId === row.id)) {
      throw new BadInputError('A listing cannot name itself')
    }
    await checkedDocuments(tx, row.id, input.documentIds)
    const before = await adminListing(tx, row.id)
    const [updated] = await tx
      .update(listings)
      .set({ ...fieldsOf(input), listedOn, updatedAt: new Date() })
      .where(eq(listings.id, row.id))
      .returning()
    if (!updated) throw new NotFoundError('No listing has this number')
    await writeParts(tx, row.id, versionIds, chambers, input.documentIds)
    const was = snapshotOf(
      { ...row, website: before.website, city: before.city, postalCode: before.postalCode },
      before.declarations.map((item) => `${item.key} ${item.version}`),
      before.chambers.map((chamber) => chamber.listingId ?? chamber.name),
    )
    const now = snapshotOf(updated, declaredLabels(input), chamberLabels(input))
    const changed = changedFields(
      { ...was, documents: before.documents.length },
      { ...now, documents: new Set([...before.documents.map((document) => document.id), ...input.documentIds]).size },
    )
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'listing',
      entityId: row.id,
      before: { number: row.number, ...changed.before },
      after: { number: row.number, ...changed.after },
    })
    return adminListing(tx, row.id)
  })
}

/**
 * Takes an evidence document off a listing and deletes the file: evidence is the council's working
 * material, kept private, and nothing else uses it.
 */
export async function removeListingDocument(
  db: Db,
  actor: Actor,
  input: { id: string; documentId: string },
): Promise<AdminListing> {
  return db.transaction(async (tx) => {
    const row = await lockedListing(tx, input.id)
    const [removed] = await tx
      .delete(listingDocuments)
      .where(and(eq(listingDocuments.listingId, row.id), eq(listingDocuments.attachmentId, input.documentId)))
      .returning({ attachmentId: listingDocuments.attachmentId })
    if (!removed) throw new NotFoundError('This listing has no such document')
    const [file] = await tx
      .delete(attachments)
      .where(eq(attachments.id, removed.attachmentId))
      .returning({ filename: attachments.filename })
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'listing',
      entityId: row.id,
      before: { number: row.number, document: file?.filename ?? null },
      after: { number: row.number, document: null },
    })
    return adminListing(tx, row.id)
  })
}

/** What the editor chooses from: the listed chamber models, and every published version of a standard. */
export async function registryOptions(db: Db): Promise<RegistryOptions> {
  const models = await db
    .select()
    .from(listings)
    .where(and(eq(listings.kind, 'chamber'), eq(listings.status, 'listed')))
    .orderBy(asc(listings.seq))
  const versions = await db
    .select({ number: standardDocuments.number, title: standardDocuments.title, version: standardVersions.version })
    .from(standardVersions)
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .where(eq(standardVersions.state, 'published'))
    .orderBy(asc(standardDocuments.number))
  return {
    chamberModels: models.map((model) => ({
      id: model.id,
      number: model.number,
      name: listingName(model),
      status: model.status as ListingStatus,
    })),
    versions: versions.map((version) => ({ ...version, state: 'published' as const })),
  }
}
