import type { FastifyPluginAsync } from 'fastify'
import { PUBLIC_PATHS } from '../../shared/nav'
import { publishedSlugs } from '../services/news'
import { listStandards } from '../services/standards'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** /sitemap.xml from the same route list as the sitemap page, and /robots.txt pointing to it. */
export const seoFileRoutes: FastifyPluginAsync = async (app) => {
  const base = app.env.PUBLIC_URL
  // The pages, then every standard (with the date its version in effect took effect), then every
  // published post (with its last change).
  const sitemap = (
    standards: { key: string; current: { effectiveDate: string | null } | null }[],
    posts: { slug: string; updatedAt: Date }[],
  ) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PATHS.map(
        (path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc><changefreq>monthly</changefreq></url>`,
      ),
      ...standards.map((standard) => {
        const lastmod = standard.current?.effectiveDate ? `<lastmod>${standard.current.effectiveDate}</lastmod>` : ''
        return `  <url><loc>${escapeXml(`${base}/standards/${standard.key}`)}</loc>${lastmod}</url>`
      }),
      ...posts.map(
        (post) =>
          `  <url><loc>${escapeXml(`${base}/news/${post.slug}`)}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod></url>`,
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

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap(await listStandards(app.db), await publishedSlugs(app.db))),
  )
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  )
}
