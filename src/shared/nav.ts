/** Every navigation list of the site comes from here: header, footer, sitemap page and /sitemap.xml alike. */

export type NavLink = { to: string; label: string }

const HOME: NavLink = { to: '/', label: 'Home' }
const ABOUT_US: NavLink = { to: '/about', label: 'About Us' }
const NEWS: NavLink = { to: '/news', label: 'News' }
const STANDARDS: NavLink = { to: '/standards', label: 'Standards' }
/** Beside Standards wherever Standards is named: who declares they follow them (issue 37). */
const REGISTRY: NavLink = { to: '/registry', label: 'Registry' }

export const ABOUT_LINKS: NavLink[] = [
  ABOUT_US,
  { to: '/about/mission-statement', label: 'Mission Statement' },
  { to: '/about/position-statement', label: 'Position Statement' },
]

/** The guide pages, in the order every list names them. */
const GUIDES: NavLink[] = [
  { to: '/education', label: 'Education' },
  { to: '/benefits', label: 'Benefits' },
  { to: '/safety', label: 'Safety & Standards' },
]
/** Where every list ends. */
const LAST: NavLink[] = [
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
]

/**
 * Header order: Home, About (dropdown), then these; the phone menu names the same. The specified list
 * keeps its order, with Standards and News added after the libraries, where a visitor looks for the
 * council's own publications (issue 35; docs/decisions/041-header-at-every-scroll-position.md), and
 * the Registry beside Standards (issue 37).
 */
export const HEADER_LINKS: NavLink[] = [
  ...GUIDES,
  { to: '/research', label: 'Research' },
  { to: '/resources', label: 'Resources' },
  STANDARDS,
  REGISTRY,
  NEWS,
  ...LAST,
]

export const FOOTER_QUICK_LINKS: NavLink[] = [HOME, ABOUT_US, ...GUIDES, ...LAST]

/**
 * The footer's last line, beside the copyright: pages added since the quick links were specified,
 * whose list stays exactly as specified (docs/decisions/026-news-and-newsletter-issues.md). News and
 * Standards are in the header too since decision 041; the footer keeps them for the visitor at the
 * end of a page.
 */
export const FOOTER_LINE_LINKS: NavLink[] = [
  NEWS,
  STANDARDS,
  REGISTRY,
  { to: '/sitemap', label: 'Sitemap' },
  { to: '/privacy', label: 'Privacy' },
]

// The sitemap page gives the two libraries their full names.
export const SITEMAP_MAIN_PAGES: NavLink[] = [
  HOME,
  ABOUT_US,
  ...GUIDES,
  { to: '/research', label: 'Research Library' },
  { to: '/resources', label: 'Educational Resources' },
  ...LAST,
]

export const SITEMAP_ABOUT_SECTION: NavLink[] = ABOUT_LINKS

/** Pages added since: listed on the sitemap page below its two groups, and in /sitemap.xml. */
export const SITEMAP_MORE: NavLink[] = [
  NEWS,
  STANDARDS,
  REGISTRY,
  { to: '/share-your-experience', label: 'Share Your Experience' },
  { to: '/privacy', label: 'Privacy' },
]

/**
 * On the sitemap page only, after SITEMAP_MORE: not in /sitemap.xml, since search results are not
 * pages for crawlers (docs/decisions/029-site-search.md).
 */
export const SITEMAP_PAGE_ONLY: NavLink[] = [{ to: '/search', label: 'Search' }]

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
