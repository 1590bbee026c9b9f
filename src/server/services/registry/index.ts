/*
 * The registry's service as its adapters see it: the tRPC procedures, the REST routes, the badge,
 * the feed, the sitemap and the scheduler import from here, whichever module a function lives in
 * (docs/registry.md, docs/decisions/044-one-concern-per-service.md).
 */

export {
  addApplicationDocuments,
  adminApplication,
  adminApplicationQueue,
  answerApplication,
  applicantView,
  approveApplication,
  askApplicant,
  declineApplication,
  renewalStart,
  submitApplication,
} from './applications'
export { badgeListing, listingBadgeSvg, unknownBadgeSvg } from './badge'
export { adminConcern, adminConcernQueue, closeConcern, lookIntoConcern, raiseConcern } from './concerns'
export { evidenceDocument, storeEvidence } from './documents'
export { expireDueListings, REGISTRY_CLOCK } from './expiry'
export { feedChanges, REGISTRY_FEED_SIZE, type RegistryChange, registryFeed, sitemapListings } from './feed'
export { createListing, type ListingSettings, registryOptions, removeListingDocument, updateListing } from './listings'
export { sendRegistryNotices } from './notices'
export { adminListing, declarationsOf, registryListing } from './read'
export { adminRegistryList, listRegistry, registryStandards } from './search'
export { type ListingRow, todayOf } from './shared'
export { changeListingStatus } from './status'
export { distanceKm, zipLocation } from './zip'
