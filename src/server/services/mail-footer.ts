import type { PublicSite } from '../../shared/site'

/** How a mail to a visitor ends: who wrote, how to reach them, and where the privacy notice is. */
export const visitorFooter = (site: PublicSite) => [
  '--',
  site.name,
  `${site.publicUrl} · ${site.email}`,
  `How we handle your data: ${site.publicUrl}/privacy`,
]
