import type { FastifyPluginAsync } from 'fastify'
import { PUBLIC_PATHS } from '../../shared/nav'
import { listingPath } from '../../shared/registry'
import { faqPublishedAt } from '../services/faq'
import { publishedSlugs } from '../services/news'
import { pagesPublishedAt } from '../services/pages'
import { sitemapListings } from '../services/registry'
import { listStandards } from '../services/standards'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** /sitemap.xml from the same route list as the sitemap page, and /robots.txt pointing to it. */
export const seoFileRoutes: FastifyPluginAsync = async (app) => {
  const base = app.env.PUBLIC_URL
  // The registry's search page, whether or not the navigation lists it yet (once: a Set).
  const pages = [...new Set([...PUBLIC_PATHS, '/registry'])]
  // The pages, then every standard (with the date its version in effect took effect), then every
  // published post (with its last change), then every listing but the withdrawn (with its last change).
  const sitemap = (
    /** When a page's words were last published in the admin (the FAQ's, issue 39): its lastmod. */
    edited: Map<string, Date>,
    standards: { key: string; current: { effectiveDate: string | null } | null }[],
    posts: { slug: string; updatedAt: Date }[],
    listings: { key: string; updatedAt: Date }[],
  ) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...pages.map((path) => {
        const lastmod = edited.get(path)
        return `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}<changefreq>monthly</changefreq></url>`
      }),
      ...standards.map((standard) => {
        const lastmod = standard.current?.effectiveDate ? `<lastmod>${standard.current.effectiveDate}</lastmod>` : ''
        return `  <url><loc>${escapeXml(`${base}/standards/${standard.key}`)}</loc>${lastmod}</url>`
      }),
      ...posts.map(
        (post) =>
          `  <url><loc>${escapeXml(`${base}/news/${post.slug}`)}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod></url>`,
      ),
      ...listings.map(
        (listing) =>
          `  <url><loc>${escapeXml(`${base}${listingPath(listing.key)}`)}</loc><lastmod>${listing.updatedAt.toISOString()}</lastmod></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n')
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /trpc/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')

  const editedPages = async () => {
    const dates = await pagesPublishedAt(app.db)
    const faq = await faqPublishedAt(app.db)
    if (faq) dates.set('/faq', faq)
    return dates
  }

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        sitemap(
          await editedPages(),
          await listStandards(app.db),
          await publishedSlugs(app.db),
          await sitemapListings(app.db),
        ),
      ),
  )
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  )
}
