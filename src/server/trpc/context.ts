import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import type { PublicSite } from '../../shared/site'
import type { SessionUser } from '../auth/access'
import type { RateLimits } from '../plugins/rate-limit'

export type Context = {
  db: Db
  site: PublicSite
  user: SessionUser | null
  limits: RateLimits
  /** The client's address, for rate limits. */
  ip: string
}

/** One context for HTTP calls and for the in-process calls of server rendering alike. */
export function createContext({ req }: { req: FastifyRequest }): Context {
  return {
    db: req.server.db,
    site: req.server.site,
    user: req.user,
    limits: req.server.limits,
    ip: req.ip,
  }
}
