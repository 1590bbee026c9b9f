import { z } from 'zod'
import { TEXT_LIMITS } from '../constants'
import {
  ATA_REFUSAL,
  CHAMBER_STATED_STANDARDS,
  type ChamberStatedStandard,
  FDA_510K_PATTERN,
  LISTING_ITEMS_MAX,
  LISTING_KINDS,
  LISTING_STATUSES,
  type ListingKind,
  type ListingStatus,
  MILD_MAX_ATA,
  NO_LISTING,
  normalizeListingNumber,
  REGISTRY_SEARCH_MAX,
  STATUS_ACTIONS,
} from '../registry'
import { StandardNumberSchema, standardKey, VersionLabelSchema } from './standards'
import { requiredText, storableText } from './text'

/*
 * The registry's inputs, as the REST routes, the tRPC procedures, the pages' addresses and the
 * admin's forms read them, and its answers' types (the contract: docs/registry.md).
 */

/* Helpers. */

/**
 * A query string's field: every value arrives as text, and a form without JavaScript sends an
 * empty field for one left blank, which means "not given". The router may have read a number from
 * the address (`?page=2`, `?near=78701`): it is taken as the text it was.
 */
const blank = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'number' ? String(value) : value

const queryField = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional()).optional()

/** Optional text: blank or absent is null. */
const optionalText = (max: number, label: string) =>
  storableText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )
    .nullish()
    .transform((value) => (value ? value : null))

const UUID_MESSAGE = 'Must be an id the server gave'
export const ListingIdSchema = z.string({ error: UUID_MESSAGE }).uuid(UUID_MESSAGE)

/** A calendar date, YYYY-MM-DD, that exists. */
export const registryDate = (label: string) =>
  z
    .string({ error: `${label} must be a date, such as 2027-01-31` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date, such as 2027-01-31`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, `${label} must be a date that exists`)

const optionalDate = (label: string) => z.preprocess(blank, registryDate(label).optional()).optional()

const kindSchema = z.enum(LISTING_KINDS, { error: 'Kind must be facility or chamber' })
export const ListingStatusSchema = z.enum(LISTING_STATUSES, {
  error: 'Status must be listed, suspended, withdrawn or expired',
})
const statusOrAll = z.enum([...LISTING_STATUSES, 'all'], {
  error: 'Status must be listed, suspended, withdrawn, expired or all',
})

const searchText = storableText(
  z
    .string({ error: 'Search must be text' })
    .trim()
    .max(REGISTRY_SEARCH_MAX, `Search must be at most ${REGISTRY_SEARCH_MAX} characters`),
  'Search',
).transform((value) => (value ? value : undefined))

const pageSchema = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(10_000, 'Page must be at most 10000')
    .default(1),
)

/** A US ZIP code: 5 digits, or ZIP+4, of which the first five count. */
export const ZIP_MESSAGE = 'Enter a US ZIP code of five digits, such as 78701'
export const ZipSchema = z
  .string({ error: ZIP_MESSAGE })
  .trim()
  .regex(/^\d{5}(?:[- ]?\d{4})?$/, ZIP_MESSAGE)
  .transform((value) => value.slice(0, 5))

/* The public registry. */

/**
 * A search of the registry (GET /api/registry, registry.list, the /registry page's address): words
 * matched against the name, city, region and postal code; a kind, a standard (its number or key),
 * a status (listed unless another is asked for), near a US ZIP code (by distance), a page.
 */
export const RegistrySearchSchema = z.object({
  q: queryField(searchText),
  kind: queryField(kindSchema),
  standard: queryField(StandardNumberSchema.transform(standardKey)),
  status: z.preprocess(blank, statusOrAll.default('listed')).default('listed'),
  near: queryField(ZipSchema),
  page: pageSchema.default(1),
})
export type RegistrySearch = z.output<typeof RegistrySearchSchema>
export type RegistrySearchInput = z.input<typeof RegistrySearchSchema>

/** A listing number in a path or a box, typed any way people type it; read as its canonical form. */
export const ListingNumberSchema = z
  .string({ error: NO_LISTING })
  .refine((value) => normalizeListingNumber(value) !== null, NO_LISTING)
  .transform((value) => normalizeListingNumber(value) as string)
export const ListingNumberParamsSchema = z.object({ number: ListingNumberSchema })

/* The council's side. */

export const declarationSchema = z.object({
  number: StandardNumberSchema,
  version: VersionLabelSchema,
})

const chamberRefSchema = z.union(
  [z.object({ listingId: ListingIdSchema }).strict(), z.object({ name: requiredText(200, 'Chamber model') }).strict()],
  { error: 'A chamber is a listed chamber model (listingId) or a typed name' },
)

export const httpUrl = storableText(
  z.string({ error: 'Website must be a link' }).trim().max(300, 'Website must be at most 300 characters'),
  'Website',
).refine((value) => {
  if (value === '') return true
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}, 'Website must be an http or https link')

const unique = <T>(items: T[], by: (item: T) => string) => new Set(items.map(by)).size === items.length

/** A listing's fields every kind has (applications reuse them: schemas/registry-applications.ts). */
export const commonFields = {
  organisationName: requiredText(TEXT_LIMITS.organisation, 'Organisation name'),
  website: httpUrl.nullish().transform((value) => (value ? value : null)),
  contactEmail: z
    .string({ error: 'Contact e-mail is required' })
    .trim()
    .min(1, 'Contact e-mail is required')
    .max(TEXT_LIMITS.email, `Contact e-mail must be at most ${TEXT_LIMITS.email} characters`)
    .email('Contact e-mail must be an e-mail address'),
  declarations: z
    .array(declarationSchema, { error: 'Declarations must be a list' })
    .max(LISTING_ITEMS_MAX, `At most ${LISTING_ITEMS_MAX} standards may be declared`)
    .refine((items) => unique(items, (item) => standardKey(item.number)), 'Declare each standard once')
    .default([]),
  /** The day the listing starts; today when absent (the server's clock). */
  listedOn: optionalDate('Listed on'),
  /** The day it expires; listedOn + REGISTRY_LISTING_DAYS when absent. */
  expiresOn: optionalDate('Expires on'),
  documentIds: z
    .array(ListingIdSchema, { error: 'Documents must be a list' })
    .max(LISTING_ITEMS_MAX, `At most ${LISTING_ITEMS_MAX} documents may be attached`)
    .refine((items) => unique(items, (item) => item), 'Attach each document once')
    .default([]),
}

export const facilityFields = {
  kind: z.literal('facility'),
  ...commonFields,
  street: requiredText(200, 'Street'),
  city: requiredText(TEXT_LIMITS.location, 'City'),
  region: requiredText(TEXT_LIMITS.location, 'Region'),
  postalCode: requiredText(20, 'Postal code'),
  country: optionalText(TEXT_LIMITS.location, 'Country').transform((value) => value ?? 'United States'),
  chambers: z
    .array(chamberRefSchema, { error: 'Chambers must be a list' })
    .max(LISTING_ITEMS_MAX, `At most ${LISTING_ITEMS_MAX} chamber models may be named`)
    .default([]),
}

export const chamberFields = {
  kind: z.literal('chamber'),
  ...commonFields,
  manufacturer: requiredText(200, 'Manufacturer'),
  modelName: requiredText(200, 'Model name'),
  maxPressureAta: z
    .number({ error: 'Maximum pressure must be a number of ATA, such as 1.3' })
    .gt(1, 'Maximum pressure must be above 1.0 ATA')
    .lte(MILD_MAX_ATA, ATA_REFUSAL)
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      'Maximum pressure takes at most two decimals, such as 1.35',
    ),
  fda510k: z
    .string({ error: 'FDA 510(k) number must be text' })
    .trim()
    .toUpperCase()
    .refine(
      (value) => value === '' || FDA_510K_PATTERN.test(value),
      'The FDA 510(k) number is K followed by six digits, such as K123456',
    )
    .nullish()
    .transform((value) => (value ? value : null)),
  statedStandards: z
    .array(
      z.enum(CHAMBER_STATED_STANDARDS, { error: `Stated standards are ${CHAMBER_STATED_STANDARDS.join(' and ')}` }),
      {
        error: 'Stated standards must be a list',
      },
    )
    .max(CHAMBER_STATED_STANDARDS.length)
    .default([])
    .transform((items) => [...new Set(items)]),
}

/** A listing's dates agree: the expiry comes after the first day. */
const datesInOrder = (value: { listedOn?: string | undefined; expiresOn?: string | undefined }) =>
  value.listedOn === undefined || value.expiresOn === undefined || value.expiresOn > value.listedOn

const DATES_MESSAGE = { message: 'The expiry date must be after the listed-on date', path: ['expiresOn'] }

/** A listing as the council creates it: a facility or a chamber model. */
export const ListingInputSchema = z
  .discriminatedUnion('kind', [z.object(facilityFields), z.object(chamberFields)], {
    error: 'Kind must be facility or chamber',
  })
  .refine(datesInOrder, DATES_MESSAGE)
export type ListingInput = z.output<typeof ListingInputSchema>
export type ListingInputValues = z.input<typeof ListingInputSchema>
export type FacilityInput = Extract<ListingInput, { kind: 'facility' }>
export type ChamberInput = Extract<ListingInput, { kind: 'chamber' }>

/** An edit: the listing's id and all its fields again; its kind cannot change (the server answers 400). */
export const ListingUpdateSchema = z
  .discriminatedUnion(
    'kind',
    [z.object({ id: ListingIdSchema, ...facilityFields }), z.object({ id: ListingIdSchema, ...chamberFields })],
    { error: 'Kind must be facility or chamber' },
  )
  .refine(datesInOrder, DATES_MESSAGE)
export type ListingUpdate = z.output<typeof ListingUpdateSchema>

export const STATUS_REASON_MIN = 10
export const STATUS_REASON_MAX = 1000

/**
 * A status change with its public reason (shown in the history and the feed). Renewing names the
 * new expiry date (after today, which the server checks by its own clock).
 */
export const StatusChangeSchema = z
  .object({
    id: ListingIdSchema,
    action: z.enum(STATUS_ACTIONS, { error: 'Action must be suspend, reinstate, withdraw or renew' }),
    reason: storableText(
      z
        .string({ error: 'Say why: the reason is public' })
        .trim()
        .min(STATUS_REASON_MIN, `The reason must be at least ${STATUS_REASON_MIN} characters: it is public`)
        .max(STATUS_REASON_MAX, `The reason must be at most ${STATUS_REASON_MAX} characters`),
      'Reason',
    ),
    expiresOn: optionalDate('Expires on'),
  })
  .refine((value) => value.action !== 'renew' || value.expiresOn !== undefined, {
    message: 'Renewing needs the new expiry date',
    path: ['expiresOn'],
  })
export type StatusChange = z.output<typeof StatusChangeSchema>

/** The admin list: search, kind, status (all unless asked), expiring within 30 days, declaring a superseded version, a page. */
export const AdminRegistryQuerySchema = z.object({
  q: queryField(searchText),
  kind: queryField(kindSchema),
  status: z.preprocess(blank, statusOrAll.default('all')).default('all'),
  expiring: queryField(z.literal('soon', { error: 'Expiring must be soon' })),
  superseded: queryField(z.literal('yes', { error: 'Superseded must be yes' })),
  page: pageSchema.default(1),
})
export type AdminRegistryQuery = z.output<typeof AdminRegistryQuerySchema>

export const ListingIdParamsSchema = z.object({ id: ListingIdSchema })
export const RemoveDocumentSchema = z.object({ id: ListingIdSchema, documentId: ListingIdSchema })
export const DocumentIdParamsSchema = z.object({ id: ListingIdSchema })

/* The answers. Dates are YYYY-MM-DD; moments are ISO strings, the same over REST and tRPC. */

export type ListingSummary = {
  number: string
  key: string
  kind: ListingKind
  status: ListingStatus
  /** The organisation for a facility; "Manufacturer Model" for a chamber model. */
  name: string
  organisationName: string
  /** Null for a chamber model. */
  city: string | null
  region: string | null
  postalCode: string | null
  country: string | null
  /** Null for a facility. */
  manufacturer: string | null
  modelName: string | null
  listedOn: string
  expiresOn: string
  /** Only in a search near a ZIP code; null otherwise (and for a listing with no known place). */
  distanceKm: number | null
}

export type RegistryPage = {
  items: ListingSummary[]
  page: number
  pageSize: number
  total: number
  /** The ZIP code searched near, and its place ("Austin, TX"). */
  near: { zip: string; place: string } | null
}

export type ListingChamber = {
  name: string
  /** The chamber model's listing, when the facility named a listed one. */
  number: string | null
  key: string | null
  status: ListingStatus | null
}

export type ListingDeclaration = {
  number: string
  key: string
  title: string
  version: string
  /** The published version that replaced the declared one, when one has. */
  supersededBy: { version: string; effectiveDate: string | null } | null
}

export type ListingHistoryEntry = {
  /** ISO moment. */
  at: string
  from: ListingStatus | null
  to: ListingStatus
  reason: string
  expiresOn: string
}

export type ListingPage = ListingSummary & {
  website: string | null
  street: string | null
  maxPressureAta: number | null
  fda510k: string | null
  fdaUrl: string | null
  statedStandards: ChamberStatedStandard[]
  chambers: ListingChamber[]
  /** For a chamber model: the listed facilities that use it. */
  usedBy: { name: string; number: string; key: string }[]
  declarations: ListingDeclaration[]
  /** Oldest first. */
  history: ListingHistoryEntry[]
}

export type ListingDocument = { id: string; filename: string; size: number; uploadedAt: string }

export type AdminListing = Omit<ListingPage, 'chambers'> & {
  id: string
  contactEmail: string
  /** As on the page, with the chamber model's listing id for the editor (null for a typed name). */
  chambers: (ListingChamber & { listingId: string | null })[]
  documents: ListingDocument[]
  createdAt: string
  updatedAt: string
}

export type AdminListingSummary = ListingSummary & { id: string; supersededDeclarations: number }

export type AdminListingList = {
  items: AdminListingSummary[]
  page: number
  pageSize: number
  total: number
  counts: {
    all: number
    listed: number
    suspended: number
    withdrawn: number
    expired: number
    expiringSoon: number
    superseded: number
  }
}

/** The standards with a published version, for the public filter. */
export type RegistryStandard = { number: string; key: string; title: string }

/** What the admin's editor chooses from. */
export type RegistryOptions = {
  chamberModels: { id: string; number: string; name: string; status: ListingStatus }[]
  versions: { number: string; title: string; version: string; state: 'published' }[]
}

/** A created listing. */
export type CreatedListing = { id: string; number: string; key: string }

/** An evidence upload's answer. */
export type RegistryDocumentUpload = { id: string; filename: string; size: number }
