import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ForbiddenError } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state all the same (Sign Out is a navigation), so it gets the origin check. */
    stateChanging?: boolean
    /**
     * Refused from another site whatever the method: the admin's private data, and the site's own
     * tRPC API. Set for whole scopes with `sameSiteOnly` below, so no route can forget it.
     */
    sameSiteOnly?: boolean
    /**
     * Accepted from any site: the request carries its own authority (a signed token), and must work
     * from a mail provider's server (RFC 8058 one-click unsubscribe). Never on a route that acts on
     * a session.
     */
    anySite?: boolean
  }
}

/**
 * Whether `origin` (an Origin header, or a Referer's origin) is the site's own: its public URL's, or
 * the one the request itself was made to.
 */
export function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  return origin === new URL(request.server.env.PUBLIC_URL).origin || origin === `${request.protocol}://${request.host}`
}

/** Marks every route registered in `scope` (and its children) as refused from other sites. */
export function sameSiteOnly(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, sameSiteOnly: true }
  })
}

/**
 * Every state-changing request must come from the site itself (docs/decisions/003-sign-in.md), on top of SameSite
 * cookies. Browsers send Origin with every POST, PATCH and DELETE and Sec-Fetch-Site with every
 * request, so a cross-site form or fetch is recognised; clients without either (curl, scripts)
 * carry no ambient cookies and are let through.
 */
export const sameOriginPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      // Decided on the route the router matched, never on the raw URL: '/api/%6Cogout' is /api/logout.
      const { config } = request.routeOptions
      if (config.anySite) return
      if (SAFE_METHODS.has(request.method) && !config.stateChanging && !config.sameSiteOnly) return
      const origin = request.headers.origin
      const fetchSite = request.headers['sec-fetch-site']
      const allowed =
        origin !== undefined && origin !== 'null'
          ? isOwnOrigin(request, origin)
          : origin === 'null'
            ? false
            : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none'
      if (!allowed) throw new ForbiddenError('Cross-site requests are not allowed')
    })
  },
  { name: 'same-origin' },
)
