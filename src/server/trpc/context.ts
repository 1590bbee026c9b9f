import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import type { PublicSite } from '../../shared/site'
import type { RateLimiter } from '../services/rate-limit'

export type SessionUser = {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  isAdmin: boolean
}

export type ContextInner = {
  db: Db
  site: PublicSite
  user: SessionUser | null
  /** Drops cached pages after a change, here and on other replicas (DESIGN.md 6). */
  onContentChanged: () => void
  /** Per-IP budgets for the public forms. */
  limits: FormLimits
  ip: string
}

export type FormLimits = { contact: RateLimiter; newsletter: RateLimiter }

export function createContextInner(inner: ContextInner): ContextInner {
  return inner
}

export function createContext({ req }: { req: FastifyRequest }): ContextInner {
  return createContextInner({
    db: req.server.db,
    site: req.server.site,
    user: req.user ?? null,
    onContentChanged: () => req.server.contentChanged(),
    limits: req.server.limits,
    ip: req.ip,
  })
}

export type Context = ContextInner
