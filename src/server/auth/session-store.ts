import type { SessionStore } from '@fastify/session'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'

const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000

type StoredSession = Parameters<SessionStore['set']>[1]

/**
 * @fastify/session's callback-style store over the spec's `sessions` table (sid, sess, expire).
 * Works unchanged on Postgres and PGlite, so sessions survive restarts and are shared by replicas.
 */
export class DrizzleSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: StoredSession, callback: (err?: unknown) => void): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS)
    const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>
    // Copied out of sess so that a member's sessions can be listed and ended by one indexed query.
    const userId = typeof sess.userId === 'string' ? sess.userId : null
    const userAgent = typeof sess.userAgent === 'string' ? sess.userAgent.slice(0, 512) : null
    this.db
      .insert(sessions)
      .values({ sid, sess, expire: expires, userId, userAgent })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: expires, userId, userAgent } })
      .then(() => callback(), callback)
  }

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .then(
        ([row]) => callback(null, (row?.sess as StoredSession | undefined) ?? null),
        (error: unknown) => callback(error),
      )
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback)
  }
}

/** Removes expired sessions; returns how many went. */
export async function pruneExpiredSessions(db: Db): Promise<number> {
  const removed = await db.delete(sessions).where(lt(sessions.expire, new Date())).returning({ sid: sessions.sid })
  return removed.length
}
