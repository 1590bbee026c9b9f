import type { ListingKind, ListingStatus, StatusAction } from '../../../shared/registry'
import type {
  AdminListingList,
  AdminListingSummary,
  AdminListing as Listing,
  RegistryOptions,
} from '../../../shared/schemas/registry'

/**
 * The registry screen's shared types, in a module of their own that imports none of the folder's
 * files: each file takes its types from here, so no two files of the folder import each other, not
 * even for a type (tests/unit/boundaries.test.ts). The answers' shapes are the shared contract's
 * (shared/schemas/registry.ts), which the router's outputs are.
 */

export type { ListingKind, ListingStatus, StatusAction }

/** A page of the admin list as the server answers it, with the counts beside its filters. */
export type AdminListPage = AdminListingList

/** A row of the admin list. */
export type ListingRow = AdminListingSummary

/** One listing whole, as the editor shows it: its fields, status, history and evidence. */
export type AdminListing = Listing

/** The listed chamber models a facility may name, and the published versions a listing may declare. */
export type ListingOptions = RegistryOptions

export type RegistryCounts = AdminListingList['counts']

/** The list's filters besides the search, which lives in the address (`?q=`). */
export type RegistryFilters = {
  status: ListingStatus | 'all'
  kind: ListingKind | 'all'
  expiringSoon: boolean
  superseded: boolean
}

/**
 * The editor's fields, both kinds' together: what is sent is picked by `kind` (values.ts). Lists the
 * form shows as checkboxes hold the chosen values' keys; typed chamber models are one per line.
 */
export type ListingValues = {
  kind: ListingKind
  organisationName: string
  website: string
  contactEmail: string
  street: string
  city: string
  region: string
  postalCode: string
  country: string
  /** Listing ids of the chamber models chosen from the registry. */
  chamberIds: string[]
  /** Chamber models the registry does not list, one per line as typed. */
  chamberNames: string
  manufacturer: string
  modelName: string
  /** As the number field holds it: a number, or '' while empty. */
  maxPressureAta: number | string
  fda510k: string
  statedStandards: string[]
  /** `${number}|${version}` of each declared version. */
  declarations: string[]
  /** YYYY-MM-DD, or '' for the server's default (today; a year after listing). */
  listedOn: string
  expiresOn: string
  /** The evidence: stored with the listing, or uploaded and stored with it at the next save. */
  documents: EvidenceDocument[]
}

/** An evidence PDF in the editor: stored with the listing already, or uploaded and saved with it next. */
export type EvidenceDocument = { id: string; filename: string; size: number; uploadedAt: string | null }

/* Issue 38: the applications' and the concerns' queues (shared/schemas/registry-applications.ts). */
export type {
  AdminApplication,
  AdminConcern,
  ApplicationDocument,
  ApplicationQueue,
  ApplicationSummary,
  ConcernQueue,
  ConcernSummary,
  ThreadMessage,
} from '../../../shared/schemas/registry-applications'
