/**
 * The public registry of listings (issue 37; docs/registry.md, docs/decisions/046-the-registry.md):
 * its words, its rules that both sides need, and the sentences the pages, the server and the tests
 * share, so a sentence is written once and a test can look for the very words a visitor reads.
 * Plain literals and functions only: the public pages import this without zod.
 */

/** A facility gives sessions; a chamber model is a manufacturer's product. */
export const LISTING_KINDS = ['facility', 'chamber'] as const
export type ListingKind = (typeof LISTING_KINDS)[number]
export const LISTING_KIND_LABELS: Record<ListingKind, string> = {
  facility: 'Facility',
  chamber: 'Chamber model',
}

/**
 * Listed (current), suspended (by the council, for now), withdrawn (final: nothing moves it again)
 * or expired (its term ran out; renewing lists it again). Always shown as these words, never by
 * colour alone.
 */
export const LISTING_STATUSES = ['listed', 'suspended', 'withdrawn', 'expired'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  listed: 'Listed',
  suspended: 'Suspended',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
}

/** What the council does to a listing's status; each move is written with its public reason. */
export const STATUS_ACTIONS = ['suspend', 'reinstate', 'withdraw', 'renew'] as const
export type StatusAction = (typeof STATUS_ACTIONS)[number]
export const STATUS_ACTION_LABELS: Record<StatusAction, string> = {
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  withdraw: 'Withdraw',
  renew: 'Renew',
}

/**
 * The allowed moves: from which statuses each action starts, and where it leads. Reinstating
 * also needs the expiry date still ahead (otherwise the listing is renewed with a new one); a
 * withdrawn listing is never moved again. The server refuses any other move with a 409.
 */
export const STATUS_MOVES: Record<StatusAction, { from: readonly ListingStatus[]; to: ListingStatus }> = {
  suspend: { from: ['listed'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'listed' },
  renew: { from: ['listed', 'expired'], to: 'listed' },
  withdraw: { from: ['listed', 'suspended', 'expired'], to: 'withdrawn' },
}

/** The actions a listing in `status` can take (the admin screen offers only these). */
export const actionsFrom = (status: ListingStatus): StatusAction[] =>
  STATUS_ACTIONS.filter((action) => STATUS_MOVES[action].from.includes(status))

/** A mild chamber works at 2.0 ATA or less (atmospheres absolute). */
export const MILD_MAX_ATA = 2
/** An FDA 510(k) number: K and six digits. */
export const FDA_510K_PATTERN = /^K\d{6}$/
/** The pressure-vessel standard and the maker's quality standard a chamber model may state. */
export const CHAMBER_STATED_STANDARDS = ['ASME PVHO-1', 'ISO 13485'] as const
export type ChamberStatedStandard = (typeof CHAMBER_STATED_STANDARDS)[number]

/** A public list's page. */
export const REGISTRY_PAGE_SIZE = 20
/** An admin list's page. */
export const ADMIN_REGISTRY_PAGE_SIZE = 50
/** "Expiring soon" in the admin list: a listed listing whose expiry date is within this many days. */
export const EXPIRING_SOON_DAYS = 30
/** The longest search the public registry takes. */
export const REGISTRY_SEARCH_MAX = 100
/** At most this many standards declared, chamber models named, evidence documents attached. */
export const LISTING_ITEMS_MAX = 20

/** Every listing number starts so; the council's documents are MHBOT-SC/…, listings MHBOT-SC/L-…. */
export const LISTING_NUMBER_PREFIX = 'MHBOT-SC/L-'

/** The number the sequence gave, as printed: MHBOT-SC/L-0001 (four digits, more past 9999). */
export const formatListingNumber = (sequence: number) => `${LISTING_NUMBER_PREFIX}${String(sequence).padStart(4, '0')}`

/**
 * A listing number as people type it ("l 1", "0001", "mhbot-sc/l-0001", "MHBOT SC L 1",
 * "MHBOT-SC-L-0001"), as its canonical form, or null when it cannot be a listing number
 * ("MHBOT-SC/G-001", "abc", "", and "MHBOT-SC/001", a standard's number: after the council's
 * prefix the L is required). Never a guess at a near match: a number is one or it is none.
 */
export function normalizeListingNumber(text: string): string | null {
  if (typeof text !== 'string' || text.length > 60) return null
  let rest = text.toUpperCase().replace(/[\s/_.-]+/g, '')
  // With the council's prefix, the L must follow: MHBOT-SC/001 is a standard's number, not a listing's.
  if (rest.startsWith('MHBOTSC')) {
    rest = rest.slice('MHBOTSC'.length)
    if (!rest.startsWith('L')) return null
  }
  if (rest.startsWith('L')) rest = rest.slice(1)
  if (!/^\d{1,6}$/.test(rest) || /^0+$/.test(rest)) return null
  return formatListingNumber(Number(rest))
}

/** The number as a URL writes it, `/` as `-`, as the standards' numbers are: MHBOT-SC-L-0001. */
export const listingKey = (number: string) => number.replaceAll('/', '-')

/** A listing's public page. */
export const listingPath = (key: string) => `/registry/${key}`
/** Its badge. */
export const listingBadgePath = (key: string) => `/registry/${key}/badge.svg`
/**
 * The HTML a listing puts on its own site to show its badge: the listing's page and badge
 * at the site's public address (the listing page shows it to copy; the approval mail sends it).
 */
export const badgeEmbedHtml = (publicUrl: string, shortName: string, listing: { number: string; key: string }) => {
  const alt = `${shortName} registry listing ${listing.number}: its current status`
  return `<a href="${publicUrl}${listingPath(listing.key)}"><img src="${publicUrl}${listingBadgePath(listing.key)}" alt="${alt}" width="260" height="56"></a>`
}
/** The feed of status changes. */
export const REGISTRY_FEED_PATH = '/registry/changes.xml'

/** The FDA's 510(k) database entry of a K-number. */
export const fdaLink = (k510: string) =>
  `https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/pmn.cfm?ID=${encodeURIComponent(k510)}`

/* The sentences. */

/** What a listing means (the /registry page states it first). */
export const REGISTRY_MEANING =
  'A listing means the council has reviewed an organisation’s declaration that it follows the council’s published standards, in the versions the listing names, and the evidence it asked for. The status and the dates say whether a listing is current.'

/** What a listing does not mean. */
export const REGISTRY_NOT_MEANING =
  'A listing is not a certification of any medical treatment, and it does not replace the FDA’s clearance of a device. Mild hyperbaric oxygen is a wellness practice: the council lists declared conformance to its standards, not medical claims.'

/** The registry's empty state: there is no listing yet. */
export const REGISTRY_EMPTY = 'No facility or chamber model is listed yet.'

/** How to be listed: the application form (/registry/apply). */
export const REGISTRY_HOW_TO_BE_LISTED =
  'To be listed, apply with the form: the council reviews each declaration and its evidence before listing anyone.'

/** A search that matched nothing (the registry itself has listings). */
export const REGISTRY_NO_MATCH = 'No listing matches this search.'

/** The "Check a listing" answer for a number that is not a listing's, and every route's 404 reason. */
export const NO_LISTING = 'No listing has this number'

/** Why a chamber above 2.0 ATA is refused. */
export const ATA_REFUSAL =
  'A mild chamber works at 2.0 ATA or less; a chamber rated above 2.0 ATA is a medical hyperbaric chamber, which this registry does not list.'

/** A ZIP code the offline dataset does not hold (a 400). */
export const unknownZipSentence = (zip: string) => `We do not know the ZIP code ${zip}`

/** The reason of a new listing's first history row, unless the council gives one. */
export const DEFAULT_LISTED_REASON = 'Listed by the council'

/** The reason the server writes when a listing's term ends by itself. */
export const EXPIRED_REASON = 'The listing reached its expiry date'

/**
 * What a listing that is not listed says at the top of its page, in plain words (the reason of its
 * latest change follows it).
 */
export const STATUS_NOTICES: Record<Exclude<ListingStatus, 'listed'>, string> = {
  suspended: 'This listing is suspended: it is not listed while the suspension lasts.',
  withdrawn: 'This listing was withdrawn by the council: it is no longer listed, and its number is never given again.',
  expired: 'This listing has expired: it is not listed unless the council renews it.',
}

/** "declares version 1.0, superseded on December 10, 2026" is built by the page from this and the date it prints. */
export const supersededSentence = (version: string, printedDate: string) =>
  `declares version ${version}, superseded on ${printedDate}`
