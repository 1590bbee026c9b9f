import { createHash, randomBytes } from 'node:crypto'
import Bowser from 'bowser'
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { invitations, sessions, users } from '../../db/schema'
import type { Role } from '../../shared/permissions'
import { ConflictError, NotFoundError } from '../errors'
import { type Actor, recordChange } from './audit'

/*
 * The council's team (docs/decisions/025-roles-and-the-team.md): members are users with a role;
 * an address joins by accepting an invitation (7 days, once); ADMIN_EMAILS names owners the screen
 * cannot change. Removing a member or changing their role ends their sessions in the same
 * transaction, so their next request is a stranger's.
 */

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const INVITATION_PATH = '/api/team/join'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const normal = (email: string) => email.trim().toLowerCase()

/** The owners named by the server's configuration: ADMIN_EMAILS, or while it is empty the operator's first link address. */
export function configOwners(adminEmails: readonly string[], firstAdmin: string | null): string[] {
  return adminEmails.length > 0 ? [...adminEmails] : firstAdmin ? [firstAdmin] : []
}

/** A user's role as it counts now: the configuration's owners first, then the stored role. */
export function resolveRole(
  owners: readonly string[],
  user: { email: string; role: Role | null },
): { role: Role | null; fromConfig: boolean } {
  if (owners.includes(normal(user.email))) return { role: 'owner', fromConfig: true }
  return { role: user.role, fromConfig: false }
}

export type TeamMember = {
  /** The user's id for a member, the invitation's for an invitation. */
  id: string
  kind: 'member' | 'invitation'
  email: string
  name: string | null
  role: Role
  /** active: may sign in; invited: an invitation waits; expired: it was not accepted in time. */
  state: 'active' | 'invited' | 'expired'
  lastSignInAt: Date | null
  invitedBy: string | null
  /** An owner named by ADMIN_EMAILS: the screen can neither change nor remove them. */
  fromConfig: boolean
  expiresAt: Date | null
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null

/** Everyone on the team and every invitation not yet accepted: owners first, then by address. */
export async function listTeam(db: Db, owners: readonly string[]): Promise<TeamMember[]> {
  const memberRows = await db
    .select()
    .from(users)
    .where(owners.length > 0 ? or(isNotNull(users.role), inArray(users.email, [...owners])) : isNotNull(users.role))
  const invited = await db.select().from(invitations).where(isNull(invitations.acceptedAt))
  const now = Date.now()
  const members: TeamMember[] = memberRows.map((user) => {
    const email = user.email ?? ''
    const { role, fromConfig } = resolveRole(owners, { email, role: user.role })
    return {
      id: user.id,
      kind: 'member',
      email,
      name: fullName(user.firstName, user.lastName),
      role: role ?? 'moderator',
      state: 'active',
      lastSignInAt: user.lastSignInAt,
      invitedBy: user.invitedBy,
      fromConfig,
      expiresAt: null,
    }
  })
  // An owner the configuration names who has not signed in yet has no user row: still on the team.
  const known = new Set(members.map((member) => member.email))
  for (const email of owners) {
    if (known.has(email)) continue
    members.push({
      id: `config:${email}`,
      kind: 'member',
      email,
      name: null,
      role: 'owner',
      state: 'active',
      lastSignInAt: null,
      invitedBy: null,
      fromConfig: true,
      expiresAt: null,
    })
  }
  for (const invitation of invited) {
    members.push({
      id: invitation.id,
      kind: 'invitation',
      email: invitation.email,
      name: null,
      role: invitation.role,
      state: invitation.expiresAt.getTime() > now ? 'invited' : 'expired',
      lastSignInAt: null,
      invitedBy: invitation.invitedBy,
      fromConfig: false,
      expiresAt: invitation.expiresAt,
    })
  }
  const rank = { owner: 0, editor: 1, moderator: 2 } as const
  return members.sort((a, b) => rank[a.role] - rank[b.role] || a.email.localeCompare(b.email))
}

/**
 * Invites `email` with `role`: a new token, valid 7 days and once, replacing any earlier invitation
 * to that address. Returns the link; the caller mails it or shows it once.
 */
export async function inviteMember(
  db: Db,
  actor: Actor,
  owners: readonly string[],
  input: { email: string; role: Role },
  publicUrl: string,
): Promise<{ email: string; role: Role; expiresAt: Date; link: string }> {
  const email = normal(input.email)
  if (owners.includes(email))
    throw new ConflictError('This address is an owner set by the server’s configuration (ADMIN_EMAILS)')
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS)
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.role)))
    if (member) throw new ConflictError('This address is already on the team')
    const values = { email, role: input.role, tokenHash: hash(token), invitedBy: actor.email, expiresAt }
    await tx
      .insert(invitations)
      .values(values)
      .onConflictDoUpdate({
        target: invitations.email,
        set: { ...values, createdAt: sql`now()`, acceptedAt: null },
      })
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'member',
      entityId: email,
      before: null,
      after: { email, role: input.role, state: 'invited' },
    })
  })
  return { email, role: input.role, expiresAt, link: `${publicUrl}${INVITATION_PATH}?token=${token}` }
}

export type InvitationCheck =
  | { ok: true; email: string; role: Role; invitedBy: string }
  | { ok: false; reason: 'invalid' | 'used' | 'expired' }

/** What an invitation link stands for, without using it. */
export async function readInvitation(db: Db, token: string): Promise<InvitationCheck> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hash(token)))
  if (!row) return { ok: false, reason: 'invalid' }
  if (row.acceptedAt) return { ok: false, reason: 'used' }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' }
  return { ok: true, email: row.email, role: row.role, invitedBy: row.invitedBy }
}

/**
 * Accepts the invitation that `match` finds (a token from the link, or the verified address an
 * identity provider vouched for): the address becomes a member with the invitation's role, once.
 * Returns the member's user id, or null when no valid invitation matches.
 */
async function accept(db: Db, match: { token: string } | { email: string }): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          'token' in match ? eq(invitations.tokenHash, hash(match.token)) : eq(invitations.email, normal(match.email)),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .for('update')
    if (!invitation) return null
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id))
    const [user] = await tx
      .insert(users)
      .values({ email: invitation.email, role: invitation.role, invitedBy: invitation.invitedBy })
      .onConflictDoUpdate({
        target: users.email,
        set: { role: invitation.role, invitedBy: invitation.invitedBy, updatedAt: sql`now()` },
      })
      .returning({ id: users.id })
    if (!user) return null
    await recordChange(
      tx,
      { email: invitation.email },
      {
        action: 'update',
        entity: 'member',
        entityId: invitation.email,
        before: { state: 'invited' },
        after: { state: 'active', role: invitation.role },
      },
    )
    return user.id
  })
}

export const acceptInvitation = (db: Db, token: string) => accept(db, { token })
/** An invited address that signs in through the identity provider directly is accepted as well. */
export const acceptInvitationFor = (db: Db, email: string) => accept(db, { email })

/** Takes back an invitation not yet accepted. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function revokeInvitation(db: Db, actor: Actor, id: string) {
  // Any other text names no invitation (and Postgres would refuse to compare it with a uuid).
  if (!UUID.test(id)) throw new NotFoundError('No such invitation')
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
      .returning()
    if (!row) throw new NotFoundError('No such invitation')
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'member',
      entityId: row.email,
      before: { email: row.email, role: row.role, state: 'invited' },
      after: null,
    })
    return { id: row.id }
  })
}

/** Ends every session of a user; returns how many ended. */
async function endAllSessions(tx: Db, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid })
  return ended.length
}

/**
 * Loads a member for a change by another member: refused for the configuration's owners, and for
 * the last owner when the change would leave the team without one.
 */
async function memberForChange(tx: Db, owners: readonly string[], userId: string, losesOwner: (role: Role) => boolean) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  const email = user?.email ?? ''
  if (!user || (!user.role && !owners.includes(email))) throw new NotFoundError('No such member')
  if (owners.includes(email))
    throw new ConflictError('This owner is set by the server’s configuration (ADMIN_EMAILS) and cannot be changed here')
  const role = user.role as Role
  if (losesOwner(role)) {
    // Every owner row locked, so two owners demoting each other at once cannot both succeed.
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'owner'), sql`${users.id} <> ${userId}`))
      .for('update')
    if (others.length === 0 && owners.length === 0)
      throw new ConflictError('The team needs an owner: make someone else an owner first')
  }
  return { ...user, email, role }
}

/** Changes a member's role; their sessions end, so the new role meets them at their next sign-in. */
export async function changeMemberRole(db: Db, actor: Actor, owners: readonly string[], userId: string, role: Role) {
  return db.transaction(async (tx) => {
    const user = await memberForChange(tx, owners, userId, (was) => was === 'owner' && role !== 'owner')
    if (user.role === role) return { id: userId, role }
    await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId))
    await endAllSessions(tx, userId)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'member',
      entityId: user.email,
      before: { role: user.role },
      after: { role },
    })
    return { id: userId, role }
  })
}

/** Removes a member from the team; their sessions end at once. */
export async function removeMember(db: Db, actor: Actor, owners: readonly string[], userId: string) {
  return db.transaction(async (tx) => {
    const user = await memberForChange(tx, owners, userId, (was) => was === 'owner')
    await tx.update(users).set({ role: null, invitedBy: null, updatedAt: sql`now()` }).where(eq(users.id, userId))
    await endAllSessions(tx, userId)
    await recordChange(tx, actor, {
      action: 'delete',
      entity: 'member',
      entityId: user.email,
      before: { email: user.email, role: user.role },
      after: null,
    })
    return { id: userId }
  })
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

/** Whether an address is a member now (a role stored, whatever the configuration says). */
export async function isStoredMember(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, normal(email)), isNotNull(users.role)))
  return row !== undefined
}
