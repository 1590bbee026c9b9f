import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { SiteSearchSchema } from '../../shared/schemas/search'
import { TooManyRequestsError } from '../errors'
import { plainPage, sendPlainPage } from '../plain-page'
import { searchSite } from '../services/site-search'

/**
 * The site's search for anyone (README, API; docs/decisions/029-site-search.md). Its answers are not
 * kept (a stream of distinct searches would push the pages out of the kept answers) and not stored
 * by any cache on the way: what a visitor searched for is theirs. Every search counts against the
 * address's `search` budget (docs/decisions/036-search-from-stored-vectors.md).
 */
export const searchRoutes: FastifyPluginAsync = fp(
  async (app) => {
    await app.register(async (scoped) => {
      scoped.get<{ Querystring: { q?: unknown } }>(
        '/api/search',
        { config: { budget: 'search' } },
        async (request, reply) => {
          // No search at all is an empty one: the same 400 and reason as a blank search.
          const { q } = SiteSearchSchema.parse({ q: request.query?.q ?? '' })
          reply.header('cache-control', 'no-store')
          return searchSite(app.db, q, await app.siteText.pages())
        },
      )
    })

    /*
     * The /search page with a search to run counts here, once for the page: the tRPC call that
     * renders its results (search.query, budgeted too) finds the request counted. Past the budget
     * the visitor gets a short page that says so, with its 429 and Retry-After, not half a page.
     */
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      const [path, query = ''] = request.url.split('?', 2)
      if (path !== '/search' || !query) return
      const q = new URLSearchParams(query).get('q')
      if (q === null || !SiteSearchSchema.safeParse({ q }).success) return
      try {
        await app.limits.consume('search', request, { wholeRequest: true })
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) throw error
        reply.header('retry-after', String(error.retryAfterSeconds))
        return sendPlainPage(
          reply,
          429,
          plainPage({
            title: 'Too many searches',
            message: `This address has searched many times in a short while. You can search again in ${error.retryAfterSeconds} second${error.retryAfterSeconds === 1 ? '' : 's'}.`,
            action: { href: '/', label: 'Go to the home page' },
          }),
        )
      }
    })
  },
  { name: 'search-routes', dependencies: ['rate-limit'] },
)
