import { createHash } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { NO_LISTING, normalizeListingNumber, REGISTRY_FEED_PATH } from '../../shared/registry'
import { RegistrySearchSchema } from '../../shared/schemas/registry'
import { NotFoundError } from '../errors'
import { notModified } from '../kept-answers/conditional'
import {
  badgeListing,
  feedChanges,
  listingBadgeSvg,
  listRegistry,
  registryFeed,
  registryListing,
  unknownBadgeSvg,
} from '../services/registry'

type NumberParams = { Params: { number: string } }

/**
 * The list's answer is kept (decision 023) only for a search without free text: a search term or a
 * ZIP code is the visitor's own, one of thousands, and is answered for its request alone and stored
 * by no cache on the way (decision 039), as the site search is. Kinds, standards, statuses and pages
 * are a few values each and keep their answers.
 */
const KeptRegistryQuerySchema = RegistrySearchSchema.refine(
  (search) => search.q === undefined && search.near === undefined,
  'A search term or a ZIP code is not kept',
)

/** The listing number in a path, typed any way people type it, as its canonical form; else 404. */
function canonicalNumber(typed: string): string {
  const number = normalizeListingNumber(typed)
  if (number === null) throw new NotFoundError(NO_LISTING)
  return number
}

/**
 * The registry's public REST routes and files (docs/api.md, Registry; docs/registry.md): the search,
 * a listing with its history, its badge and the feed of status changes. Every answer changes with a
 * status: the registry's tables notify the content channel (drizzle/0016_registry.sql), which drops
 * the kept answers; the badge is never kept and is cached by browsers for five minutes at most.
 */
export const registryRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/registry',
    { config: { budget: 'read', publicAnswer: { query: KeptRegistryQuerySchema } } },
    async (request, reply) => {
      const search = RegistrySearchSchema.parse(request.query ?? {})
      if (search.q !== undefined || search.near !== undefined) reply.header('cache-control', 'no-store')
      return listRegistry(app.db, search)
    },
  )

  app.get<NumberParams>(
    '/api/registry/:number',
    { config: { budget: 'read', publicAnswer: true } },
    async (request) => {
      const listing = await registryListing(app.db, canonicalNumber(request.params.number))
      if (!listing) throw new NotFoundError(NO_LISTING)
      return listing
    },
  )

  app.get<NumberParams>('/registry/:number/badge.svg', { config: { budget: 'read' } }, async (request, reply) => {
    const number = normalizeListingNumber(request.params.number)
    const listing = number === null ? null : await badgeListing(app.db, number)
    reply
      .type('image/svg+xml; charset=utf-8')
      // Short, so a new status shows on the listing's own site within minutes, with no way to purge.
      .header('cache-control', 'public, max-age=300')
      // Embedded on other sites by design; as a document of its own it may load and run nothing.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'")
    if (!listing)
      return reply.code(404).send(unknownBadgeSvg(request.params.number, app.site.publicUrl, app.site.shortName))
    const svg = listingBadgeSvg(listing, app.site.publicUrl, app.site.shortName)
    // Sites show it on every page: after five minutes a browser asks again and, mostly, hears 304.
    const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`
    reply.header('etag', etag)
    if (notModified(request, etag)) return reply.code(304).send()
    return reply.send(svg)
  })

  app.get(REGISTRY_FEED_PATH, { config: { publicAnswer: true } }, async (_request, reply) =>
    reply.type('application/atom+xml; charset=utf-8').send(registryFeed(app.site, await feedChanges(app.db))),
  )
}
