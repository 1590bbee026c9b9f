import { Badge, type BadgeProps } from '@mantine/core'
import { LISTING_STATUS_LABELS, type ListingStatus } from '../../shared/registry'

/*
 * What the registry's pages share: the status in words (never colour alone), distances, places.
 * The colours add to the word, they never replace it, and each keeps 4.5:1 at badge size.
 */

const STATUS_LOOK: Record<ListingStatus, BadgeProps> = {
  listed: { color: 'teal.9' },
  suspended: { color: '#9a3412' },
  withdrawn: { color: 'red.9' },
  expired: { variant: 'outline', color: 'gray.7', c: 'dark.7' },
}

/** A listing's status as its word, in the badge's look. */
export function ListingStatusBadge({ status, size = 'md' }: { status: ListingStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge component="span" tt="none" size={size} {...STATUS_LOOK[status]} data-testid="listing-status">
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  )
}

const KM_PER_MILE = 1.609344

/**
 * A distance as a US visitor reads it first (miles), with kilometres beside it: "about 4.2 mi
 * (6.8 km)". Under a tenth of a mile it is "under 0.1 mi".
 */
export function distanceWords(km: number): string {
  const miles = km / KM_PER_MILE
  if (miles < 0.1) return 'under 0.1 mi (0.2 km)'
  const mi = miles < 10 ? miles.toFixed(1) : String(Math.round(miles))
  const kilometres = km < 10 ? km.toFixed(1) : String(Math.round(km))
  return `about ${mi} mi (${kilometres} km)`
}

/** A facility's place on one line: "Austin, TX 78701", the country only when it is not the United States. */
export function placeLine(listing: {
  city: string | null
  region: string | null
  postalCode: string | null
  country: string | null
}): string {
  const cityRegion = [listing.city, [listing.region, listing.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const abroad = listing.country && listing.country !== 'United States' ? listing.country : null
  return [cityRegion, abroad].filter(Boolean).join(', ')
}
