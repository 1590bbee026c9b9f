import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Answer, buildAnswer, sendAnswer } from '../public-answers'
import type { ClientAssets } from '../ssr/assets'
import type { RenderPage } from '../ssr/types'
import { createContext } from '../trpc/context'
import type { SecurityOptions } from './security'

export type SsrOptions = {
  render: RenderPage
  assets: ClientAssets
  /** Built client folder to serve /assets from; absent in development (Vite serves modules). */
  clientDist?: string
  /** Development: Vite's middleware is mounted here, and its inline scripts are allowed. */
  dev?: boolean
  beforeRoutes?: (app: FastifyInstance) => Promise<void>
}

type Options = SsrOptions & { security: SecurityOptions }

/** At most this many pages are kept; past it the least recently used goes first. */
const MAX_CACHED_PAGES = 500

type CachedPage = {
  status: number
  /** Bodies, validators and headers, built once when the page was rendered. */
  answer: Answer
  location?: string
}

/**
 * Least recently used first out: a Map keeps insertion order, so a hit moves its entry to the end
 * (docs/decisions/010-page-cache-and-invalidation.md says why this is not a library).
 */
class PageCache {
  private readonly entries = new Map<string, CachedPage>()

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key)
    if (page) {
      this.entries.delete(key)
      this.entries.set(key, page)
    }
    return page
  }

  set(key: string, page: CachedPage) {
    this.entries.delete(key)
    if (this.entries.size >= MAX_CACHED_PAGES) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, page)
  }

  clear() {
    this.entries.clear()
  }
}

/**
 * Renders public pages on the server with their data and meta, and keeps the HTML per URL until the
 * content behind it changes (docs/decisions/010-page-cache-and-invalidation.md). Registered last:
 * its catch-all route answers every GET nothing else claimed.
 */
export const ssrPlugin = fp<Options>(
  async (app, options) => {
    const cache = new PageCache()
    const answers = app.publicAnswers
    // The public answers' generation is bumped on every change, before this runs: a render that
    // began before a change read old data and must not be stored after the cache was cleared.
    app.contentEvents.subscribe(() => cache.clear())
    if (options.beforeRoutes) await options.beforeRoutes(app)

    if (options.clientDist) {
      await app.register(fastifyStatic, {
        root: join(options.clientDist, 'assets'),
        prefix: '/assets/',
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: true,
        decorateReply: false,
      })
      await app.register(fastifyStatic, {
        root: join(options.clientDist, 'static'),
        prefix: '/static/',
        preCompressed: true,
        maxAge: '1d',
        index: false,
        decorateReply: false,
      })
    }

    const renderUrl = async (request: FastifyRequest, url: string, kept: boolean) => {
      const { status, html, scriptHashes, location, dataFailed } = await options.render({
        url,
        site: app.site,
        assets: options.assets,
        createContext: async () => createContext({ req: request }),
      })
      const answer = buildAnswer({
        body: html,
        contentType: 'text/html; charset=utf-8',
        cacheControl: kept ? 'no-cache' : 'no-store, private',
        kept,
        scriptHashes,
        security: options.security,
      })
      return { page: { status, answer, location } satisfies CachedPage, dataFailed }
    }

    // A page that is not cached yet is rendered once however many visitors ask for it at the same
    // moment (a cold start, or just after a change): the others wait for that render.
    const inFlight = new Map<string, ReturnType<typeof renderUrl>>()
    const renderOnce = (key: string | null, at: number, render: () => ReturnType<typeof renderUrl>) => {
      if (key === null) return render()
      const slot = `${at}:${key}`
      let pending = inFlight.get(slot)
      if (!pending) {
        pending = render().finally(() => inFlight.delete(slot))
        inFlight.set(slot, pending)
      }
      return pending
    }

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const url = request.url
        // Unknown API and file paths get the one JSON not-found answer, not a page.
        if (/^\/(api|trpc|files|assets)(\/|$|\?)/.test(url)) return reply.callNotFound()
        const { key } = await options.render.resolve(url)
        let page = key === null ? undefined : cache.get(key)
        if (!page) {
          const renderedAt = answers.generation
          const rendered = await renderOnce(key, renderedAt, () => renderUrl(request, url, key !== null))
          page = rendered.page
          if (rendered.dataFailed) {
            // Half a page is not kept, and not passed off as a success: the next visit tries again.
            request.log.warn({ url }, 'page rendered without some of its data')
            reply.header('retry-after', '5')
            page = { ...page, status: 503 }
          } else if (key !== null && page.status < 500 && renderedAt === answers.generation) {
            cache.set(key, page)
          }
        }
        if (page.location) return reply.redirect(page.location, page.status)
        // A page everyone gets is served before Fastify from now on, until content changes.
        if (key !== null && page.status === 200 && request.method === 'GET' && cache.get(key) === page)
          answers.keep(url, page.answer, answers.generation)
        return reply.send(sendAnswer(request, reply, page.answer, page.status))
      },
    })
  },
  { name: 'ssr', dependencies: ['db', 'content-events', 'security', 'public-answers'] },
)
