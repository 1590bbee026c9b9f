import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import type { PublicSite } from '../../shared/site'
import type { SessionUser } from '../auth/access'
import type { RateLimits } from '../plugins/rate-limit'
import type { PageText } from '../services/page-text'

export type Context = {
  db: Db
  site: PublicSite
  user: SessionUser | null
  limits: RateLimits
  /** Mail is configured (src/server/plugins/mail.ts): the forms queue their mail. */
  mailEnabled: boolean
  /** The words of the site's own pages, for the site search (plugins/site-text.ts). */
  pageTexts: () => Promise<PageText[]>
  /** The HTTP request behind the call (for rate limits, which count per client address). */
  request: FastifyRequest
}

/** One context for HTTP calls and for the in-process calls of server rendering alike. */
export function createContext({ req }: { req: FastifyRequest }): Context {
  return {
    db: req.server.db,
    site: req.server.site,
    user: req.user,
    limits: req.server.limits,
    mailEnabled: req.server.mail.enabled,
    pageTexts: req.server.siteText.pages,
    request: req,
  }
}
