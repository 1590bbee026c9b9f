import type { FastifyRequest } from 'fastify'
import { recordSignIn } from '../services/team'
import { LINK_SESSION_TTL_MS } from './one-time-link'

/**
 * Opens a session for `userId`: a new session id at every sign-in, so a planted cookie cannot ride
 * along (session fixation); the browser's User-Agent kept for the member's list of sessions.
 */
export async function openSession(request: FastifyRequest, userId: string, via: 'oidc' | 'link'): Promise<void> {
  await request.session.regenerate()
  request.session.set('userId', userId)
  request.session.set('via', via)
  request.session.set('signedInAt', Date.now())
  request.session.set('userAgent', String(request.headers['user-agent'] ?? '').slice(0, 512))
  if (via === 'link') request.session.cookie.maxAge = LINK_SESSION_TTL_MS
  await request.session.save()
  await recordSignIn(request.server.db, userId)
}
