import { asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listingStatusChanges, listings } from '../../../db/schema'
import { LISTING_STATUS_LABELS, type ListingStatus, listingPath, REGISTRY_FEED_PATH } from '../../../shared/registry'
import { escapeXml } from '../../news/atom'

/*
 * The registry's status changes as an Atom 1.0 feed (RFC 4287) at /registry/changes.xml, written
 * like the news feed (src/server/news/atom.ts): every listing, suspension, reinstatement, renewal,
 * withdrawal and expiry, newest first, so anyone (a journalist, a competitor, a customer) can follow
 * them in a feed reader. Each entry links to the listing's page and says the council's public reason.
 * The sitemap's list of listings is read here too: the registry's other public file.
 */

/** The feed holds this many of the newest changes. */
export const REGISTRY_FEED_SIZE = 50

/** One status change as the feed shows it: the history row and what it needs of its listing. */
export type RegistryChange = {
  /** The history row's id: the entry's id is made of it, so it never changes. */
  id: string | number
  number: string
  key: string
  name: string
  from: ListingStatus | null
  to: ListingStatus
  reason: string
  at: Date
}

/** A listing's name as its page gives it: the organisation, or "Manufacturer Model" for a chamber model. */
const listingName = sql<string>`coalesce(${listings.manufacturer} || ' ' || ${listings.modelName}, ${listings.organisationName})`

/**
 * The newest status changes of every listing, withdrawn ones included (a withdrawal is what a
 * follower most wants to hear of), newest first: the feed's entries.
 */
export async function feedChanges(db: Db): Promise<RegistryChange[]> {
  return db
    .select({
      id: listingStatusChanges.id,
      number: listings.number,
      key: listings.key,
      name: listingName,
      from: listingStatusChanges.fromStatus,
      to: listingStatusChanges.toStatus,
      reason: listingStatusChanges.reason,
      at: listingStatusChanges.at,
    })
    .from(listingStatusChanges)
    .innerJoin(listings, eq(listings.id, listingStatusChanges.listingId))
    .orderBy(desc(listingStatusChanges.at), desc(listingStatusChanges.id))
    .limit(REGISTRY_FEED_SIZE)
}

/**
 * The listings /sitemap.xml names: every one but the withdrawn (their pages stay, saying so, but
 * are nothing to send a crawler to), by number, with their last change.
 */
export function sitemapListings(db: Db): Promise<{ key: string; updatedAt: Date }[]> {
  return db
    .select({ key: listings.key, updatedAt: listings.updatedAt })
    .from(listings)
    .where(ne(listings.status, 'withdrawn'))
    .orderBy(asc(listings.seq))
}

/** "MHBOT-SC/L-0003 Example Wellness Centre: suspended". */
export const changeTitle = (change: Pick<RegistryChange, 'number' | 'name' | 'to'>) =>
  `${change.number} ${change.name}: ${LISTING_STATUS_LABELS[change.to].toLowerCase()}`

/** The feed of `changes` (newest first, at most REGISTRY_FEED_SIZE: the caller's query decides). */
export function registryFeed(site: { name: string; publicUrl: string }, changes: readonly RegistryChange[]): string {
  const base = site.publicUrl.replace(/\/+$/, '')
  const registryUrl = `${base}/registry`
  const updated = changes.reduce<Date>((latest, change) => (change.at > latest ? change.at : latest), new Date(0))
  const entries = changes.slice(0, REGISTRY_FEED_SIZE).map((change) => {
    const url = `${base}${listingPath(change.key)}`
    const status = LISTING_STATUS_LABELS[change.to]
    return [
      '  <entry>',
      // The listing's address and the change's own id: one entry per change, stable across rebuilds.
      `    <id>${escapeXml(`${url}#change-${change.id}`)}</id>`,
      `    <title type="text">${escapeXml(changeTitle(change))}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${change.at.toISOString()}</published>`,
      `    <updated>${change.at.toISOString()}</updated>`,
      `    <category term="${change.to}" label="${escapeXml(status)}"/>`,
      `    <summary type="text">${escapeXml(change.reason)}</summary>`,
      '  </entry>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${base}${REGISTRY_FEED_PATH}`)}</id>`,
    `  <title type="text">${escapeXml(`${site.name} Registry: status changes`)}</title>`,
    `  <subtitle type="text">Every listing, suspension, reinstatement, renewal, withdrawal and expiry in the council's public registry, with the council's stated reason.</subtitle>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${escapeXml(site.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}${REGISTRY_FEED_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(registryUrl)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
