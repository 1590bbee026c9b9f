import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { invitations, users } from '../../../db/schema'
import type { Role } from '../../../shared/permissions'
import type { InviteInput } from '../../../shared/schemas/team'
import { ConflictError, NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { hash, normal } from './shared'

/*
 * How an address joins the team: an invitation (a token valid 7 days and once, for one address and
 * role), its link mailed or shown once, then accepted through the link or by signing in with the
 * invited address; an owner can take it back before that.
 */

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const INVITATION_PATH = '/api/team/join'

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

/** What the site needs to hand an invitation over: its mail, if on, and its own name and address. */
export type InvitationPost = {
  mail: { enabled: boolean; sendNow: (mail: { to: string; subject: string; text: string }) => Promise<void> }
  siteName: string
  publicUrl: string
}

/** How a server hands an invitation over (its mail, name and address), for both adapters. */
export const invitationPost = (server: {
  mail: InvitationPost['mail']
  site: { name: string }
  env: { PUBLIC_URL: string }
}): InvitationPost => ({ mail: server.mail, siteName: server.site.name, publicUrl: server.env.PUBLIC_URL })

export type InvitationSent = {
  email: string
  role: InviteInput['role']
  expiresAt: Date
  /** The invitation went by e-mail. */
  mailed: boolean
  /** The link to pass on by hand, shown once: only when it did not go by e-mail. */
  link: string | null
}

/**
 * Invites and delivers: by e-mail when mail is on; otherwise (or when the mail server refuses) the
 * link comes back once for the owner to copy. The invitation stands either way.
 */
export async function sendInvitation(
  db: Db,
  post: InvitationPost,
  actor: Actor,
  owners: readonly string[],
  input: InviteInput,
): Promise<InvitationSent> {
  const invitation = await inviteMember(db, actor, owners, input, post.publicUrl)
  const answer = { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt }
  if (!post.mail.enabled) return { ...answer, mailed: false, link: invitation.link }
  try {
    await post.mail.sendNow({
      to: invitation.email,
      subject: `You are invited to the ${post.siteName} admin`,
      text: [
        'Hello,',
        '',
        `${actor.email} invited you to the admin of ${post.siteName} as ${invitation.role}.`,
        'To accept, open this link and press the button on the page:',
        '',
        invitation.link,
        '',
        'The invitation works once, for 7 days. If you did not expect it, ignore this e-mail.',
      ].join('\n'),
    })
    return { ...answer, mailed: true, link: null }
  } catch {
    return { ...answer, mailed: false, link: invitation.link }
  }
}
