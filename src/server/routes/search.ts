import type { FastifyPluginAsync } from 'fastify'
import { SiteSearchSchema } from '../../shared/schemas/search'
import { searchSite } from '../services/site-search'

/**
 * The site's search for anyone (README, API; docs/decisions/029-site-search.md). Its answers are not
 * kept (a stream of distinct searches would push the pages out of the kept answers) and not stored
 * by any cache on the way: what a visitor searched for is theirs.
 */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { q?: unknown } }>('/api/search', async (request, reply) => {
    // No search at all is an empty one: the same 400 and reason as a blank search.
    const { q } = SiteSearchSchema.parse({ q: request.query?.q ?? '' })
    reply.header('cache-control', 'no-store')
    return searchSite(app.db, q, await app.siteText.pages())
  })
}
