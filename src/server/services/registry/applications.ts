import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { insertFile } from '../../../db/files'
import {
  attachments,
  listings,
  mailOutbox,
  registryApplicationDocuments,
  registryApplicationMessages,
  registryApplications,
  standardDocuments,
  standardVersions,
} from '../../../db/schema'
import { normalizeListingNumber } from '../../../shared/registry'
import {
  APPLICATION_CLOSED,
  APPLICATION_DOCUMENTS_MAX,
  APPLICATION_HONEYPOT,
  APPLICATION_LINK_MAIL_GAP_MS,
  APPLICATION_LINK_MAILED,
  APPLICATION_RECEIVED,
  APPLICATION_STATES,
  type ApplicationState,
  applicationOpenLink,
  isOpenApplication,
  LISTED_FROM_APPLICATION_REASON,
  RENEWAL_LINK_INVALID,
  RENEWAL_SUSPENDED,
  RENEWAL_WITHDRAWN,
  RENEWED_REASON,
} from '../../../shared/registry-applications'
import type { ListingInput } from '../../../shared/schemas/registry'
import type {
  AdminApplication,
  ApplicantView,
  ApplicationCreated,
  ApplicationDetails,
  ApplicationDocument,
  ApplicationInput,
  ApplicationQueue,
  ApplicationSummary,
  RenewalStart,
  ThreadMessage,
} from '../../../shared/schemas/registry-applications'
import { standardKey } from '../../../shared/schemas/standards'
import { compareVersionLabels } from '../../../shared/version-labels'
import { AppError, BadInputError, ConflictError, NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { queueMail } from '../mail-outbox'
import { applicationToken, readRenewalToken } from './links'
import { createListing, declaredVersions, updateListing } from './listings'
import { adminListing } from './read'
import { addDays, todayOf } from './shared'
import { changeListingStatus } from './status'

/*
 * Applications to the registry and renewals (docs/registry.md, "Applications";
 * docs/decisions/048-registry-applications.md). An application keeps the listing-to-be's details as
 * the applicant gave them; the council asks, the applicant answers, and approving turns the details
 * into a listing (or renews one) in one transaction. Every mail is queued in the transaction of the
 * change it is about (the outbox), and every step is an activity row.
 */

export type ApplicationSettings = {
  secret: string
  publicUrl: string
  mailEnabled: boolean
  listingDays: number
  now?: Date
}

/** A PDF the route checked (size, type by content); stored here as a private file. */
export type ReceivedDocument = { filename: string; bytes: Buffer }

/** Who the activity log names for what an applicant does: no person's address, only their part. */
const APPLICANT: Actor = { email: 'applicant' }

type ApplicationRow = typeof registryApplications.$inferSelect

export const applicationReference = (number: number) => `Application ${number}`

const detailsOf = (input: ApplicationInput): ApplicationDetails =>
  input.kind === 'facility'
    ? {
        kind: 'facility',
        organisationName: input.organisationName,
        website: input.website,
        street: input.street,
        city: input.city,
        region: input.region,
        postalCode: input.postalCode,
        country: input.country,
        chambers: input.chambers,
        declarations: input.declarations.map(({ number, version }) => ({ number, version })),
      }
    : {
        kind: 'chamber',
        organisationName: input.organisationName,
        website: input.website,
        manufacturer: input.manufacturer,
        modelName: input.modelName,
        maxPressureAta: input.maxPressureAta,
        fda510k: input.fda510k,
        statedStandards: input.statedStandards,
        declarations: input.declarations.map(({ number, version }) => ({ number, version })),
      }

/** The application, or a 404: a link or id that names none. */
async function applicationRow(db: Db, id: string, lock = false): Promise<ApplicationRow> {
  const query = db.select().from(registryApplications).where(eq(registryApplications.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFoundError('No such application')
  return row
}

async function storeDocuments(tx: Db, applicationId: string, documents: ReceivedDocument[]) {
  for (const document of documents) {
    const file = await insertFile(tx, {
      filename: document.filename,
      contentType: 'application/pdf',
      bytes: document.bytes,
      isPrivate: true,
    })
    await tx.insert(registryApplicationDocuments).values({ applicationId, attachmentId: file.id })
  }
}

/**
 * The application-link mail waits for the gap after the last one queued to the same address
 * (decision 048): delayed, never dropped. The advisory lock makes two applications sent at once
 * from one address take turns here, so they cannot both see "none yet".
 */
async function linkMailTime(tx: Db, email: string, now: Date): Promise<Date | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registry-link:${email.toLowerCase()}`}))`)
  const [last] = await tx
    .select({ at: mailOutbox.nextAttemptAt })
    .from(mailOutbox)
    .innerJoin(registryApplications, eq(registryApplications.id, mailOutbox.applicationId))
    .where(
      and(
        eq(mailOutbox.kind, 'registry_application_link'),
        sql`lower(${registryApplications.contactEmail}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1)
  if (!last) return undefined
  const next = last.at.getTime() + APPLICATION_LINK_MAIL_GAP_MS
  return next > now.getTime() ? new Date(next) : undefined
}

/** The listing a renewal token names, which must exist, not be withdrawn, and be of the kind applied for. */
async function renewedListing(db: Db, secret: string, token: string, kind: ApplicationInput['kind'] | null) {
  const listingId = readRenewalToken(secret, token)
  if (!listingId) throw new BadInputError(RENEWAL_LINK_INVALID, { renew: RENEWAL_LINK_INVALID })
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId))
  if (!listing) throw new BadInputError(RENEWAL_LINK_INVALID, { renew: RENEWAL_LINK_INVALID })
  if (listing.status === 'withdrawn') throw new ConflictError(RENEWAL_WITHDRAWN)
  if (kind !== null && listing.kind !== kind) {
    const message = 'A renewal keeps the listing’s kind'
    throw new BadInputError(message, { kind: message })
  }
  return listing
}

/**
 * A new application or a renewal, with its documents. A filled honeypot gets the same answer and
 * stores nothing. With mail on, the link goes to the contact and a notice to the council; with
 * mail off, the answer carries the link (shown once, to keep).
 */
export async function submitApplication(
  db: Db,
  input: ApplicationInput,
  documents: ReceivedDocument[],
  settings: ApplicationSettings,
): Promise<ApplicationCreated & { token: string | null }> {
  const received = (
    id: string,
    number: number,
    token: string | null,
  ): ApplicationCreated & { token: string | null } => ({
    id,
    reference: applicationReference(number),
    state: 'received',
    linkMailed: settings.mailEnabled,
    link: settings.mailEnabled || !token ? null : applicationOpenLink(settings.publicUrl, token),
    message: settings.mailEnabled ? `${APPLICATION_RECEIVED} ${APPLICATION_LINK_MAILED}` : APPLICATION_RECEIVED,
    token,
  })
  if (input[APPLICATION_HONEYPOT]?.trim()) return received('00000000-0000-4000-8000-000000000000', 0, null)
  if (documents.length > APPLICATION_DOCUMENTS_MAX) {
    const message = `Attach at most ${APPLICATION_DOCUMENTS_MAX} documents`
    throw new BadInputError(message, { documents: message })
  }
  const now = settings.now ?? new Date()
  const renewal = input.renew ? await renewedListing(db, settings.secret, input.renew, input.kind) : null
  return db.transaction(async (tx) => {
    // Declared versions must be published now; the council checks again when it approves.
    await declaredVersions(tx, input, new Set())
    const [row] = await tx
      .insert(registryApplications)
      .values({
        purpose: renewal ? 'renewal' : 'new',
        kind: input.kind,
        listingId: renewal?.id ?? null,
        organisationName: input.organisationName,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        details: detailsOf(input),
        signatoryName: input.signatoryName,
        signatoryTitle: input.signatoryTitle,
        declaredAt: now,
        createdAt: now,
        lastActivityAt: now,
      })
      .returning()
    if (!row) throw new Error('insert returned no row')
    await storeDocuments(tx, row.id, documents)
    await recordChange(tx, APPLICANT, {
      action: 'create',
      entity: 'registry_application',
      entityId: row.id,
      before: null,
      after: {
        reference: applicationReference(row.number),
        purpose: row.purpose,
        kind: row.kind,
        organisation: row.organisationName,
        documents: documents.length,
        ...(renewal ? { renews: renewal.number } : {}),
      },
    })
    if (settings.mailEnabled) {
      const notBefore = await linkMailTime(tx, input.contactEmail, now)
      await queueMail(tx, {
        kind: 'registry_application_link',
        applicationId: row.id,
        ...(notBefore ? { notBefore } : {}),
      })
      await queueMail(tx, { kind: 'registry_application_notice', applicationId: row.id })
    }
    return received(row.id, row.number, applicationToken(settings.secret, row.id))
  })
}

async function documentsOf(db: Db, applicationId: string): Promise<ApplicationDocument[]> {
  const rows = await db
    .select({
      id: attachments.id,
      filename: attachments.filename,
      size: attachments.size,
      addedAt: registryApplicationDocuments.addedAt,
    })
    .from(registryApplicationDocuments)
    .innerJoin(attachments, eq(attachments.id, registryApplicationDocuments.attachmentId))
    .where(eq(registryApplicationDocuments.applicationId, applicationId))
    .orderBy(asc(registryApplicationDocuments.addedAt), asc(attachments.filename))
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }))
}

async function threadOf(db: Db, applicationId: string): Promise<ThreadMessage[]> {
  const rows = await db
    .select()
    .from(registryApplicationMessages)
    .where(eq(registryApplicationMessages.applicationId, applicationId))
    .orderBy(asc(registryApplicationMessages.id))
  return rows.map((row) => ({ id: row.id, author: row.author, body: row.body, at: row.createdAt.toISOString() }))
}

/** The declared versions as a listing shows them: the standard's title, and whether a newer version replaced it. */
async function declarationsView(db: Db, declared: ApplicationDetails['declarations']) {
  if (declared.length === 0) return []
  const keys = declared.map((item) => standardKey(item.number))
  const docs = await db
    .select({
      id: standardDocuments.id,
      number: standardDocuments.number,
      key: standardDocuments.key,
      title: standardDocuments.title,
    })
    .from(standardDocuments)
    .where(inArray(standardDocuments.key, keys))
  const published = docs.length
    ? await db
        .select({
          documentId: standardVersions.documentId,
          version: standardVersions.version,
          effectiveDate: standardVersions.effectiveDate,
        })
        .from(standardVersions)
        .where(
          and(
            inArray(
              standardVersions.documentId,
              docs.map((doc) => doc.id),
            ),
            eq(standardVersions.state, 'published'),
          ),
        )
    : []
  return declared.flatMap((item) => {
    const doc = docs.find((candidate) => candidate.key === standardKey(item.number))
    if (!doc) return []
    const now = published.find((row) => row.documentId === doc.id)
    const supersededBy =
      now && compareVersionLabels(now.version, item.version) > 0
        ? { version: now.version, effectiveDate: now.effectiveDate }
        : null
    return [{ number: doc.number, key: doc.key, title: doc.title, version: item.version, supersededBy }]
  })
}

async function viewOf(
  db: Db,
  row: ApplicationRow,
  settings: Pick<ApplicationSettings, 'secret' | 'publicUrl' | 'mailEnabled'>,
): Promise<ApplicantView> {
  const details = row.details as ApplicationDetails
  const [listing] = row.listingId
    ? await db
        .select({ number: listings.number, key: listings.key, status: listings.status })
        .from(listings)
        .where(eq(listings.id, row.listingId))
    : []
  return {
    id: row.id,
    reference: applicationReference(row.number),
    purpose: row.purpose,
    state: row.state,
    kind: row.kind,
    organisationName: row.organisationName,
    contactName: row.contactName,
    details,
    declarations: await declarationsView(db, details.declarations),
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    receivedAt: row.createdAt.toISOString(),
    documents: await documentsOf(db, row.id),
    thread: await threadOf(db, row.id),
    // A renewal names its listing from the start; the page shows it as the outcome once approved.
    listing: row.state === 'approved' && listing ? listing : null,
    declineReason: row.state === 'declined' ? row.declineReason : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    link: settings.mailEnabled
      ? null
      : applicationOpenLink(settings.publicUrl, applicationToken(settings.secret, row.id)),
  }
}

/** The applicant's page, for the application its link names. */
export async function applicantView(
  db: Db,
  applicationId: string,
  settings: Pick<ApplicationSettings, 'secret' | 'publicUrl' | 'mailEnabled'>,
): Promise<ApplicantView> {
  return viewOf(db, await applicationRow(db, applicationId), settings)
}

/** An answer from the applicant: back to the council (received), with a notice to its address. */
export async function answerApplication(
  db: Db,
  applicationId: string,
  body: string,
  settings: Pick<ApplicationSettings, 'mailEnabled'> & { now?: Date },
): Promise<ThreadMessage> {
  return db.transaction(async (tx) => {
    const row = await applicationRow(tx, applicationId, true)
    if (!isOpenApplication(row.state)) throw new ConflictError(APPLICATION_CLOSED)
    const now = settings.now ?? new Date()
    const [message] = await tx
      .insert(registryApplicationMessages)
      .values({ applicationId, author: 'applicant', body, createdAt: now })
      .returning()
    if (!message) throw new Error('insert returned no row')
    await tx
      .update(registryApplications)
      .set({ state: 'received', lastActivityAt: now })
      .where(eq(registryApplications.id, applicationId))
    await recordChange(tx, APPLICANT, {
      action: 'update',
      entity: 'registry_application',
      entityId: applicationId,
      before: { reference: applicationReference(row.number), state: row.state },
      after: { reference: applicationReference(row.number), state: 'received', answer: message.id },
    })
    if (settings.mailEnabled)
      await queueMail(tx, { kind: 'registry_answer_notice', applicationId, detail: { messageId: message.id } })
    return { id: message.id, author: message.author, body: message.body, at: message.createdAt.toISOString() }
  })
}

/** More evidence from the applicant, while the application is open. */
export async function addApplicationDocuments(
  db: Db,
  applicationId: string,
  documents: ReceivedDocument[],
): Promise<ApplicationDocument[]> {
  if (documents.length === 0) {
    throw new BadInputError('Choose at least one PDF to add', { documents: 'Choose at least one PDF to add' })
  }
  return db.transaction(async (tx) => {
    const row = await applicationRow(tx, applicationId, true)
    if (!isOpenApplication(row.state)) throw new ConflictError(APPLICATION_CLOSED)
    const [{ held } = { held: 0 }] = await tx
      .select({ held: count() })
      .from(registryApplicationDocuments)
      .where(eq(registryApplicationDocuments.applicationId, applicationId))
    if (held + documents.length > APPLICATION_DOCUMENTS_MAX * 2) {
      const message = `An application holds at most ${APPLICATION_DOCUMENTS_MAX * 2} documents`
      throw new BadInputError(message, { documents: message })
    }
    await storeDocuments(tx, applicationId, documents)
    await tx
      .update(registryApplications)
      .set({ lastActivityAt: new Date() })
      .where(eq(registryApplications.id, applicationId))
    await recordChange(tx, APPLICANT, {
      action: 'update',
      entity: 'registry_application',
      entityId: applicationId,
      before: { reference: applicationReference(row.number), documents: held },
      after: { reference: applicationReference(row.number), documents: held + documents.length },
    })
    return documentsOf(tx, applicationId)
  })
}

/* The council's side. */

const PAGE_SIZE = 50

export async function adminApplicationQueue(db: Db, query: { state: string; page: number }): Promise<ApplicationQueue> {
  const states: ApplicationState[] =
    query.state === 'all'
      ? [...APPLICATION_STATES]
      : query.state === 'open'
        ? ['received', 'questions']
        : [query.state as ApplicationState]
  const where = inArray(registryApplications.state, states)
  const documents = db
    .select({ applicationId: registryApplicationDocuments.applicationId, n: count().as('n') })
    .from(registryApplicationDocuments)
    .groupBy(registryApplicationDocuments.applicationId)
    .as('documents')
  const rows = await db
    .select({ row: registryApplications, documents: documents.n })
    .from(registryApplications)
    .leftJoin(documents, eq(documents.applicationId, registryApplications.id))
    .where(where)
    .orderBy(asc(registryApplications.lastActivityAt), asc(registryApplications.number))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE)
  const tallies = await db
    .select({ state: registryApplications.state, n: count() })
    .from(registryApplications)
    .groupBy(registryApplications.state)
  const counts = Object.fromEntries(APPLICATION_STATES.map((state) => [state, 0])) as ApplicationQueue['counts']
  for (const tally of tallies) counts[tally.state] = tally.n
  counts.open = counts.received + counts.questions
  counts.all = APPLICATION_STATES.reduce((sum, state) => sum + counts[state], 0)
  const total = states.reduce((sum, state) => sum + counts[state], 0)
  const items: ApplicationSummary[] = rows.map(({ row, documents: held }) => ({
    id: row.id,
    reference: applicationReference(row.number),
    purpose: row.purpose,
    state: row.state,
    kind: row.kind,
    organisationName: row.organisationName,
    receivedAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    documents: Number(held ?? 0),
  }))
  return { items, page: query.page, pageSize: PAGE_SIZE, total, counts }
}

export async function adminApplication(
  db: Db,
  id: string,
  settings: Pick<ApplicationSettings, 'secret' | 'publicUrl' | 'mailEnabled'>,
): Promise<AdminApplication> {
  const row = await applicationRow(db, id)
  const view = await viewOf(db, row, settings)
  const [renews] =
    row.purpose === 'renewal' && row.listingId
      ? await db
          .select({
            id: listings.id,
            number: listings.number,
            key: listings.key,
            status: listings.status,
            expiresOn: listings.expiresOn,
          })
          .from(listings)
          .where(eq(listings.id, row.listingId))
      : []
  // The team never needs the applicant's link: it is the applicant's key.
  return { ...view, link: null, contactEmail: row.contactEmail, renews: renews ?? null, decidedBy: row.decidedBy }
}

/** The council's question: mailed to the applicant with the link; the application waits for them. */
export async function askApplicant(
  db: Db,
  actor: Actor,
  input: { id: string; body: string },
  settings: Pick<ApplicationSettings, 'mailEnabled'>,
): Promise<ThreadMessage> {
  return db.transaction(async (tx) => {
    const row = await applicationRow(tx, input.id, true)
    if (!isOpenApplication(row.state)) throw new ConflictError(APPLICATION_CLOSED)
    const [message] = await tx
      .insert(registryApplicationMessages)
      .values({ applicationId: row.id, author: 'council', body: input.body, actorEmail: actor.email })
      .returning()
    if (!message) throw new Error('insert returned no row')
    await tx
      .update(registryApplications)
      .set({ state: 'questions', lastActivityAt: new Date() })
      .where(eq(registryApplications.id, row.id))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'registry_application',
      entityId: row.id,
      before: { reference: applicationReference(row.number), state: row.state },
      after: { reference: applicationReference(row.number), state: 'questions', question: message.id },
    })
    if (settings.mailEnabled)
      await queueMail(tx, { kind: 'registry_question', applicationId: row.id, detail: { messageId: message.id } })
    return { id: message.id, author: message.author, body: message.body, at: message.createdAt.toISOString() }
  })
}

/** The listing's fields from an application's details; a chamber line that is a listed model's number links it. */
async function listingInputOf(tx: Db, details: ApplicationDetails, contactEmail: string, documentIds: string[]) {
  const common = {
    organisationName: details.organisationName,
    website: details.website,
    contactEmail,
    declarations: details.declarations,
    documentIds,
  }
  if (details.kind === 'chamber') {
    return {
      kind: 'chamber' as const,
      ...common,
      manufacturer: details.manufacturer,
      modelName: details.modelName,
      maxPressureAta: details.maxPressureAta,
      fda510k: details.fda510k,
      statedStandards: details.statedStandards,
    }
  }
  const chambers: ({ listingId: string } | { name: string })[] = []
  for (const line of details.chambers) {
    const number = normalizeListingNumber(line)
    const [listed] = number
      ? await tx
          .select({ id: listings.id })
          .from(listings)
          .where(and(eq(listings.number, number), eq(listings.kind, 'chamber')))
      : []
    chambers.push(listed ? { listingId: listed.id } : { name: line })
  }
  return {
    kind: 'facility' as const,
    ...common,
    street: details.street,
    city: details.city,
    region: details.region,
    postalCode: details.postalCode,
    country: details.country,
    chambers,
  }
}

/**
 * Approves: a new application becomes a listing (its number from the sequence, its documents the
 * listing's evidence); a renewal updates its listing and renews it. One transaction with the
 * decision, its activity rows and the applicant's mail.
 */
export async function approveApplication(
  db: Db,
  actor: Actor,
  input: { id: string; expiresOn?: string | undefined },
  settings: ApplicationSettings,
): Promise<{ listing: { id: string; number: string; key: string } }> {
  const now = settings.now ?? new Date()
  const today = todayOf(now)
  return db.transaction(async (tx) => {
    const row = await applicationRow(tx, input.id, true)
    if (!isOpenApplication(row.state)) throw new ConflictError(APPLICATION_CLOSED)
    const documentIds = (await documentsOf(tx, row.id)).map((document) => document.id)
    const fields = await listingInputOf(tx, row.details as ApplicationDetails, row.contactEmail, documentIds)
    let listing: { id: string; number: string; key: string }
    if (row.purpose === 'new') {
      listing = await createListing(
        tx,
        actor,
        { ...fields, listedOn: undefined, expiresOn: input.expiresOn } as ListingInput,
        { listingDays: settings.listingDays, now },
        LISTED_FROM_APPLICATION_REASON,
      )
    } else {
      if (!row.listingId) throw new Error('a renewal without its listing')
      const [current] = await tx.select().from(listings).where(eq(listings.id, row.listingId)).for('update')
      if (!current) throw new NotFoundError('No listing has this number')
      if (current.status === 'suspended') throw new ConflictError(RENEWAL_SUSPENDED)
      if (current.status === 'withdrawn') throw new ConflictError(RENEWAL_WITHDRAWN)
      await updateListing(tx, actor, {
        id: current.id,
        ...fields,
        listedOn: undefined,
        expiresOn: undefined,
      } as Parameters<typeof updateListing>[2])
      const from = current.expiresOn > today ? current.expiresOn : today
      await changeListingStatus(
        tx,
        actor,
        {
          id: current.id,
          action: 'renew',
          reason: RENEWED_REASON,
          expiresOn: input.expiresOn ?? addDays(from, settings.listingDays),
        },
        now,
      )
      listing = { id: current.id, number: current.number, key: current.key }
    }
    await tx
      .update(registryApplications)
      .set({ state: 'approved', listingId: listing.id, decidedAt: now, decidedBy: actor.email, lastActivityAt: now })
      .where(eq(registryApplications.id, row.id))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'registry_application',
      entityId: row.id,
      before: { reference: applicationReference(row.number), state: row.state },
      after: { reference: applicationReference(row.number), state: 'approved', listing: listing.number },
    })
    if (settings.mailEnabled) await queueMail(tx, { kind: 'registry_approved', applicationId: row.id })
    return { listing }
  })
}

/** Declines, with the reason the applicant is sent. */
export async function declineApplication(
  db: Db,
  actor: Actor,
  input: { id: string; reason: string },
  settings: ApplicationSettings,
): Promise<AdminApplication> {
  const now = settings.now ?? new Date()
  await db.transaction(async (tx) => {
    const row = await applicationRow(tx, input.id, true)
    if (!isOpenApplication(row.state)) throw new ConflictError(APPLICATION_CLOSED)
    await tx
      .update(registryApplications)
      .set({
        state: 'declined',
        declineReason: input.reason,
        decidedAt: now,
        decidedBy: actor.email,
        lastActivityAt: now,
      })
      .where(eq(registryApplications.id, row.id))
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'registry_application',
      entityId: row.id,
      before: { reference: applicationReference(row.number), state: row.state },
      after: { reference: applicationReference(row.number), state: 'declined' },
    })
    if (settings.mailEnabled) await queueMail(tx, { kind: 'registry_declined', applicationId: row.id })
  })
  return adminApplication(db, input.id, settings)
}

/** The renewal form's start: the listing as it is, by its renewal link. */
export async function renewalStart(db: Db, secret: string, token: string): Promise<RenewalStart> {
  const listing = await renewedListing(db, secret, token, null)
  const full = await adminListing(db, listing.id)
  const declarations = full.declarations.map((item) => ({
    number: item.number,
    version: item.supersededBy?.version ?? item.version,
  }))
  const values: RenewalStart['values'] =
    listing.kind === 'facility'
      ? {
          kind: 'facility',
          organisationName: full.organisationName,
          website: full.website,
          street: full.street ?? '',
          city: full.city ?? '',
          region: full.region ?? '',
          postalCode: full.postalCode ?? '',
          country: full.country ?? 'United States',
          chambers: full.chambers.map((chamber) => chamber.number ?? chamber.name),
          contactEmail: full.contactEmail,
          declarations,
        }
      : {
          kind: 'chamber',
          organisationName: full.organisationName,
          website: full.website,
          manufacturer: full.manufacturer ?? '',
          modelName: full.modelName ?? '',
          // A chamber model's listing always has its rating (a check constraint says so).
          maxPressureAta: full.maxPressureAta as number,
          fda510k: full.fda510k,
          statedStandards: full.statedStandards,
          contactEmail: full.contactEmail,
          declarations,
        }
  return {
    listing: { number: listing.number, key: listing.key, status: listing.status, expiresOn: listing.expiresOn },
    values,
  }
}

/** A 401 saying how to reach the page: no link, or one that names no application. */
export const applicantSignIn = (message: string) => new AppError('unauthorized', message)
