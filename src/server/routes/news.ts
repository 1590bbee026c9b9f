import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { NewsPageSchema, PostSlugParamsSchema } from '../../shared/schemas/news'
import { atomFeed } from '../news/atom'
import { plainPage, sendPlainPage } from '../plain-page'
import { feedPosts, getPublishedPost, isRetired, listPublishedPosts } from '../services/news'

/** The public news API and feed (README, API). */
export const newsRoutes: FastifyPluginAsync = async (app) => {
  // Kept under the page the schema reads from the query (decision 023).
  app.get('/api/news', { config: { publicAnswer: { query: NewsPageSchema } } }, async (request, reply) => {
    const { page } = NewsPageSchema.parse(request.query ?? {})
    const { items, hasMore } = await listPublishedPosts(app.db, page)
    if (hasMore) reply.header('link', `</api/news?page=${page + 1}>; rel="next"`)
    return items
  })

  app.get('/api/news/:slug', { config: { publicAnswer: true } }, async (request) => {
    const { slug } = PostSlugParamsSchema.parse(request.params)
    return getPublishedPost(app.db, slug)
  })

  app.get('/news/feed.xml', { config: { publicAnswer: true } }, async (_request, reply) =>
    reply.type('application/atom+xml; charset=utf-8').send(atomFeed(app.site, await feedPosts(app.db))),
  )
}

const POST_PAGE = /^\/news\/([a-z0-9-]{1,200})\/?(?:\?|$)/

/**
 * A deleted post's address answers 410 Gone with a plain page, before the page route renders
 * anything (the page route would answer the shared 404).
 */
export const goneNewsPages = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      const slug = POST_PAGE.exec(request.url)?.[1]
      if (!slug || !(await isRetired(app.db, slug))) return
      return sendPlainPage(
        reply,
        410,
        plainPage({
          title: 'This post was removed',
          brand: app.site.name,
          message: 'This post was removed.',
          action: { href: '/news', label: 'See all news' },
        }),
      )
    })
  },
  { name: 'gone-news-pages', dependencies: ['db'] },
)
