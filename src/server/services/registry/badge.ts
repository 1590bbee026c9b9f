import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listings } from '../../../db/schema'
import { LISTING_STATUS_LABELS, type ListingStatus, listingPath, NO_LISTING } from '../../../shared/registry'
import { DEFAULT_SITE } from '../../../shared/site'
import { escapeXml } from '../../news/atom'

/*
 * The badge a listed organisation embeds on its own site (/registry/{key}/badge.svg): a small SVG
 * that says the council's name, the listing number and the status in words, so it is right however
 * it is shown (an <img>, opened alone, read aloud), and links back to the listing's page. It is
 * made from the listing's current row on every request, with a short public cache, so it changes
 * by itself when the status does. Self-contained: no outside font or image; the fonts named are
 * ones a system has, with sans-serif last.
 */

export const BADGE_WIDTH = 260
export const BADGE_HEIGHT = 56
/** Where the status panel starts; the council's name and the number are left of it. */
const SPLIT = 170
const PAD = 10

/**
 * White text on each of these is 6.5:1 or more (WCAG AA asks 4.5:1 for this size); the status is
 * also written, never told by its colour alone. tests/unit/registry-badge.test.ts measures them.
 */
export const BADGE_COLOURS = {
  text: '#ffffff',
  council: '#1f3a5f',
  status: {
    listed: '#1e6b34',
    suspended: '#8a4b00',
    withdrawn: '#a4161a',
    expired: '#555555',
  } satisfies Record<ListingStatus, string>,
  unknown: '#555555',
} as const

const FONT = "Verdana, 'DejaVu Sans', Geneva, Arial, sans-serif"

/** What the badge shows of a listing. */
export type BadgeListing = { number: string; key: string; status: ListingStatus; name: string }

/** A text no longer than `max` characters, cut with an ellipsis (the badge and its label stay short). */
const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * A line of text that must fit `width` pixels: beyond a rough measure of Verdana's widths (0.62 em a
 * character, 0.68 em bold) it is squeezed to fit with textLength rather than run out of its panel.
 */
function line(text: string, x: number, y: number, size: number, width: number, bold = false, anchor = 'start') {
  const estimate = text.length * size * (bold ? 0.68 : 0.62)
  const fit = estimate > width ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : ''
  const weight = bold ? ' font-weight="700"' : ''
  return `<text x="${x}" y="${y}" font-size="${size}"${weight} text-anchor="${anchor}"${fit}>${escapeXml(text)}</text>`
}

const baseUrl = (siteUrl: string) => siteUrl.replace(/\/+$/, '')

/** The SVG document around the drawing: its text alternative first, then a link to `href` holding it all. */
function svg(label: string, href: string | null, drawing: string[]): string {
  const text = escapeXml(label)
  const open = href ? [`<a href="${escapeXml(href)}" xlink:href="${escapeXml(href)}" target="_top">`] : []
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-label="${text}">`,
    `<title>${text}</title>`,
    ...open,
    `<g font-family="${escapeXml(FONT)}" fill="${BADGE_COLOURS.text}">`,
    ...drawing,
    '</g>',
    ...(href ? ['</a>'] : []),
    '</svg>',
    '',
  ].join('\n')
}

/** The rounded badge in the council's colour, with the right-hand panel in `status`'s colour. */
const panels = (statusColour: string) => [
  `<rect width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" rx="6" fill="${BADGE_COLOURS.council}"/>`,
  `<path d="M${SPLIT} 0h${BADGE_WIDTH - SPLIT - 6}a6 6 0 0 1 6 6v${BADGE_HEIGHT - 12}a6 6 0 0 1-6 6h-${BADGE_WIDTH - SPLIT - 6}z" fill="${statusColour}"/>`,
]

/**
 * A listing's badge: "{council} · {number}" on the left, the status in words on the right, the whole
 * a link to the listing's page at `siteUrl` (PUBLIC_URL). `councilName` is the council's short name.
 */
export function listingBadgeSvg(listing: BadgeListing, siteUrl: string, councilName = DEFAULT_SITE.shortName): string {
  const status = LISTING_STATUS_LABELS[listing.status]
  const council = clipped(councilName, 40)
  const label = `${council} registry: ${listing.number}, ${clipped(listing.name, 120)}: ${status}`
  return svg(label, `${baseUrl(siteUrl)}${listingPath(listing.key)}`, [
    ...panels(BADGE_COLOURS.status[listing.status]),
    line(council, PAD, 23, 11, SPLIT - 2 * PAD),
    line(clipped(listing.number, 24), PAD, 42, 12, SPLIT - 2 * PAD, true),
    line(status, SPLIT + (BADGE_WIDTH - SPLIT) / 2, 33, 12, BADGE_WIDTH - SPLIT - 2 * PAD + 4, true, 'middle'),
  ])
}

/**
 * The badge of a number no listing has (the route answers it with a 404): it says so in words, and
 * never looks like a listing's. With `siteUrl`, it links to the registry's search.
 */
export function unknownBadgeSvg(number: string, siteUrl?: string, councilName = DEFAULT_SITE.shortName): string {
  const council = clipped(councilName, 40)
  const typed = clipped(number.trim(), 40)
  const label = typed ? `${council} registry: ${NO_LISTING} (${typed})` : `${council} registry: ${NO_LISTING}`
  return svg(label, siteUrl === undefined ? null : `${baseUrl(siteUrl)}/registry`, [
    `<rect width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" rx="6" fill="${BADGE_COLOURS.unknown}"/>`,
    line(council, PAD, 23, 11, BADGE_WIDTH - 2 * PAD),
    line(NO_LISTING, PAD, 42, 12, BADGE_WIDTH - 2 * PAD, true),
  ])
}

/**
 * What the badge of the listing numbered `number` (canonical) shows, read from its row alone on
 * every request (one indexed lookup), or null when no listing has the number.
 */
export async function badgeListing(db: Db, number: string): Promise<BadgeListing | null> {
  const [row] = await db
    .select({
      number: listings.number,
      key: listings.key,
      status: listings.status,
      name: sql<string>`coalesce(${listings.manufacturer} || ' ' || ${listings.modelName}, ${listings.organisationName})`,
    })
    .from(listings)
    .where(eq(listings.number, number))
    .limit(1)
  return row ?? null
}
