import { createHash } from 'node:crypto'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ClientAssets } from '../ssr/assets'
import { type EncodedBodies, encodeBodies, pickEncoding } from '../ssr/encodings'
import type { RenderPage } from '../ssr/types'
import { createContext } from '../trpc/context'

export type SsrOptions = {
  render: RenderPage
  assets: ClientAssets
  /** Built client folder to serve /assets from; absent in development (Vite serves modules). */
  clientDist?: string
  /** Development: Vite's middleware is mounted here, and its inline scripts are allowed. */
  dev?: boolean
  beforeRoutes?: (app: FastifyInstance) => Promise<void>
}

/** At most this many pages are kept; past it the least recently used goes first. */
const MAX_CACHED_PAGES = 500

type CachedPage = {
  status: number
  bodies: EncodedBodies
  /** The plain body's validator; each encoding's ETag adds its name, as representations differ. */
  etag: string
  hashes: string[]
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
export const ssrPlugin = fp<SsrOptions>(
  async (app, options) => {
    const cache = new PageCache()
    // Bumped on every change: a render that began before a change finished reading old data and
    // must not be stored after the cache was cleared.
    let generation = 0
    app.contentEvents.subscribe(() => {
      generation += 1
      cache.clear()
    })
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
      const etag = createHash('sha1').update(html).digest('base64url')
      const page: CachedPage = { status, bodies: encodeBodies(html, kept), etag, hashes: scriptHashes, location }
      return { page, dataFailed }
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
          const renderedAt = generation
          const rendered = await renderOnce(key, renderedAt, () => renderUrl(request, url, key !== null))
          page = rendered.page
          if (rendered.dataFailed) {
            // Half a page is not kept, and not passed off as a success: the next visit tries again.
            request.log.warn({ url }, 'page rendered without some of its data')
            reply.header('retry-after', '5')
            page = { ...page, status: 503 }
          } else if (key !== null && page.status < 500 && renderedAt === generation) {
            cache.set(key, page)
          }
        }
        const cacheable = key !== null
        if (page.location) return reply.redirect(page.location, page.status)
        reply.cspScriptHashes = page.hashes
        const encoding = pickEncoding(request.headers['accept-encoding'])
        const etag = encoding === 'identity' ? `"${page.etag}"` : `"${page.etag}-${encoding}"`
        reply.header('content-type', 'text/html; charset=utf-8')
        reply.header('cache-control', cacheable ? 'no-cache' : 'no-store, private')
        reply.header('vary', 'accept-encoding')
        reply.header('etag', etag)
        if (page.status === 200 && request.headers['if-none-match'] === etag) {
          return reply.code(304).send()
        }
        if (encoding !== 'identity') reply.header('content-encoding', encoding)
        return reply.code(page.status).send(page.bodies[encoding])
      },
    })
  },
  { name: 'ssr', dependencies: ['db', 'content-events', 'security'] },
)
