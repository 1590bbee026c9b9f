import type { Db } from '../../db/client'
import type { InviteInput } from '../../shared/schemas/team'
import type { Actor } from './audit'
import { inviteMember } from './team'

/** What the site needs to hand an invitation over: its mail, if on, and its own name and address. */
export type InvitationPost = {
  mail: { enabled: boolean; sendNow: (mail: { to: string; subject: string; text: string }) => Promise<void> }
  siteName: string
  publicUrl: string
}

/** How a server hands an invitation over (its mail, name and address), for both adapters. */
export const invitationPost = (app: {
  mail: InvitationPost['mail']
  site: { name: string }
  env: { PUBLIC_URL: string }
}): InvitationPost => ({ mail: app.mail, siteName: app.site.name, publicUrl: app.env.PUBLIC_URL })

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
