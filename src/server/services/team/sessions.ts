import Bowser from 'bowser'
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { sessions, users } from '../../../db/schema'
import { NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { hash } from './shared'

/*
 * A member's signed-in sessions: the ones they see and end themselves, the ones an owner ends for
 * them (and a change of role or a removal ends), and the sign-in and last-seen times the screens show.
 */

/** Ends every session of a user; returns how many ended. */
export async function endAllSessions(tx: Db, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid })
  return ended.length
}

/** An owner ends all of a member's sessions (a lost laptop); the member can sign in again. */
export async function endMemberSessions(db: Db, actor: Actor, userId: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId))
    if (!user?.email) throw new NotFoundError('No such member')
    const ended = await endAllSessions(tx, userId)
    if (ended > 0) {
      await recordChange(tx, actor, {
        action: 'update',
        entity: 'member',
        entityId: user.email,
        before: { sessions: ended },
        after: { sessions: 0 },
      })
    }
    return { ended }
  })
}

/** Records a sign-in, for the team screen's "last sign-in". */
export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId))
}

/** A session's handle: never the id itself, which is what the cookie carries. */
export const sessionHandle = (sid: string) => hash(`session:${sid}`).slice(0, 32)

/** "Chrome on Linux", from the User-Agent a session signed in with. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? 'Unknown browser'
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser
}

export type SignedInSession = {
  id: string
  device: string
  signedInAt: Date | null
  lastSeenAt: Date | null
  current: boolean
}

/** A member's own sessions that have not expired, the most recently used first. */
export async function listOwnSessions(db: Db, userId: string, currentSid: string): Promise<SignedInSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, new Date())))
    .orderBy(asc(sessions.createdAt))
  return rows
    .map((row) => ({
      id: sessionHandle(row.sid),
      device: describeDevice(row.userAgent),
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.sid === currentSid,
    }))
    .sort((a, b) => (b.lastSeenAt?.getTime() ?? 0) - (a.lastSeenAt?.getTime() ?? 0))
}

/** Ends one of a member's own sessions by its handle. */
export async function endOwnSession(db: Db, userId: string, id: string): Promise<{ id: string }> {
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId))
  const row = rows.find((candidate) => sessionHandle(candidate.sid) === id)
  if (!row) throw new NotFoundError('No such session')
  await db.delete(sessions).where(and(eq(sessions.sid, row.sid), eq(sessions.userId, userId)))
  return { id }
}

/** Marks a session as seen now, at most once a minute, so that a busy screen writes little. */
export async function touchSession(db: Db, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.sid, sid), lte(sessions.lastSeenAt, new Date(Date.now() - 60_000))))
}
