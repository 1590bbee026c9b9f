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
  /**
   * Called in-process by a page's server render, not over HTTP: the page's request is what the
   * policies (its kept answer, its own budget) already bound.
   */
  inProcess: boolean
}

/** One context for HTTP calls and for the in-process calls of server rendering alike. */
export function createContext({ req, inProcess = false }: { req: FastifyRequest; inProcess?: boolean }): Context {
  return {
    db: req.server.db,
    site: req.server.site,
    user: req.user,
    limits: req.server.limits,
    mailEnabled: req.server.mail.enabled,
    pageTexts: req.server.siteText.pages,
    request: req,
    inProcess,
  }
}
