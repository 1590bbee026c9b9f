import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { invitations, users } from '../../../db/schema'
import { ROLES, type Role } from '../../../shared/permissions'
import { ConflictError, NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { endAllSessions } from './sessions'
import { normal } from './shared'

/*
 * The council's team (docs/decisions/025-roles-and-the-team.md): members are users with a role;
 * an address joins by accepting an invitation (7 days, once); ADMIN_EMAILS names owners the screen
 * cannot change. Removing a member or changing their role ends their sessions in the same
 * transaction, so their next request is a stranger's.
 */

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
  // ROLES lists the roles most powerful first: the team screen lists its members in that order.
  const rank = (role: Role) => ROLES.indexOf(role)
  return members.sort((a, b) => rank(a.role) - rank(b.role) || a.email.localeCompare(b.email))
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

/** Whether an address is a member now (a role stored, whatever the configuration says). */
export async function isStoredMember(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, normal(email)), isNotNull(users.role)))
  return row !== undefined
}
