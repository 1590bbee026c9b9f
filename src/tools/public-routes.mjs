// Every public page of the site (src/client/routes, less the admin): what the performance budgets
// and Lighthouse are measured on.
export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/about/mission-statement',
  '/about/position-statement',
  '/benefits',
  '/safety',
  '/research',
  '/education',
  '/resources',
  '/faq',
  '/contact',
  '/share-your-experience',
  '/privacy',
  '/sitemap',
  '/news',
  '/standards',
  '/standards/MHBOT-SC-001',
  '/registry',
  '/search',
]
