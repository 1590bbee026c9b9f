/** Every navigation list of the site comes from here: header, footer, sitemap page and /sitemap.xml alike. */

export type NavLink = { to: string; label: string }

export const ABOUT_LINKS: NavLink[] = [
  { to: '/about', label: 'About Us' },
  { to: '/about/mission-statement', label: 'Mission Statement' },
  { to: '/about/position-statement', label: 'Position Statement' },
]

/** Header order: Home, About (dropdown), then these. */
export const HEADER_LINKS: NavLink[] = [
  { to: '/education', label: 'Education' },
  { to: '/benefits', label: 'Benefits' },
  { to: '/safety', label: 'Safety & Standards' },
  { to: '/research', label: 'Research' },
  { to: '/resources', label: 'Resources' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
]

export const FOOTER_QUICK_LINKS: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/education', label: 'Education' },
  { to: '/benefits', label: 'Benefits' },
  { to: '/safety', label: 'Safety & Standards' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
]

export const SITEMAP_MAIN_PAGES: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/education', label: 'Education' },
  { to: '/benefits', label: 'Benefits' },
  { to: '/safety', label: 'Safety & Standards' },
  { to: '/research', label: 'Research Library' },
  { to: '/resources', label: 'Educational Resources' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
]

export const SITEMAP_ABOUT_SECTION: NavLink[] = ABOUT_LINKS

/** Pages added since: listed on the sitemap page below its two groups, and in /sitemap.xml. */
export const SITEMAP_MORE: NavLink[] = [
  { to: '/share-your-experience', label: 'Share Your Experience' },
  { to: '/privacy', label: 'Privacy' },
]

/**
 * Every public page, for /sitemap.xml: the sitemap page's two groups are specified exactly
 * (docs/product.md#pages), so pages added since then are listed here only.
 */
export const PUBLIC_PATHS: string[] = [
  ...new Set(
    [...SITEMAP_MAIN_PAGES, ...SITEMAP_ABOUT_SECTION, ...SITEMAP_MORE, { to: '/sitemap', label: 'Sitemap' }].map(
      (link) => link.to,
    ),
  ),
]
