import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ForbiddenError } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** GET routes that change state all the same (the spec makes Sign Out a navigation). */
const STATE_CHANGING_GETS = new Set(['/api/logout'])

/**
 * Every state-changing request must come from the site itself (docs/decisions/003-sign-in.md), on top of SameSite
 * cookies. Browsers send Origin with every POST, PATCH and DELETE and Sec-Fetch-Site with every
 * request, so a cross-site form or fetch is recognised; clients without either (curl, scripts)
 * carry no ambient cookies and are let through.
 */
export const sameOriginPlugin = fp(
  async (app) => {
    const publicOrigin = new URL(app.env.PUBLIC_URL).origin
    const isOwnOrigin = (request: FastifyRequest, origin: string) =>
      origin === publicOrigin || origin === `${request.protocol}://${request.host}`

    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? ''
      if (SAFE_METHODS.has(request.method) && !STATE_CHANGING_GETS.has(path)) return
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
