import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { sendLinkPage } from '../auth/link-page'
import { openSession } from '../auth/sign-in'
import { mailSignInLink } from '../auth/sign-in-mail'
import { BadInputError } from '../errors'
import { plainPage, sendPlainPage } from '../plain-page'
import { type HtmlForm, readsFormPosts } from '../plugins/form-posts'
import { acceptInvitation, INVITATION_PATH, readInvitation } from '../services/team'

export const MAIL_SIGN_IN_PATH = '/api/login/email'

/**
 * The same words whether or not the address is on the team, and whether or not a link was mailed
 * to it in the last 10 minutes: the form must not tell who is, nor who asked lately.
 */
export const MAIL_SIGN_IN_SENT =
  'If this address belongs to a member of the council’s team, a sign-in link is on its way to it. The link works once, for 15 minutes. At most one link is sent to an address every 10 minutes.'

const INVALID_ADDRESS = 'Enter a valid e-mail address'

/**
 * The sign-in page when there is no identity provider but the site can send mail. After a refused
 * post (docs/decisions/030-forms-without-javascript.md) it keeps the address sent, with the reason:
 * a bad address under the field, anything else (too many requests, another site) as the page's words.
 */
export const mailSignInPage = (brand: string, refused?: { message: string; email?: string; badAddress: boolean }) =>
  plainPage({
    title: 'Sign in to the admin',
    brand,
    message:
      refused && !refused.badAddress
        ? refused.message
        : 'Members of the council’s team sign in with a link sent by e-mail.',
    form: {
      action: MAIL_SIGN_IN_PATH,
      fields: {},
      button: 'E-mail me a sign-in link',
      input: {
        name: 'email',
        label: 'Your e-mail address',
        type: 'email',
        autocomplete: 'email',
        ...(refused?.email !== undefined ? { value: refused.email } : {}),
        ...(refused?.badAddress ? { error: `${refused.message}.` } : {}),
      },
    },
  })

const AddressSchema = z.object({ email: z.string().trim().toLowerCase().max(254).email() })
const TokenSchema = z.object({ token: z.string().min(20).max(200) })

const INVITATION_REFUSALS = {
  invalid: 'The invitation link is incomplete or was changed.',
  used: 'This invitation was already accepted: each invitation works once. Sign in instead.',
  expired: 'This invitation has expired: invitations work for 7 days. Ask an owner of the team for a new one.',
} as const

/**
 * The team's ways in besides the identity provider (docs/decisions/025-roles-and-the-team.md):
 * an invitation link, and, with mail on and no provider, a sign-in link sent by e-mail. A GET only
 * shows a page with a button, so a mail scanner that follows links uses up nothing.
 */
export const teamJoinRoutes: FastifyPluginAsync = async (app) => {
  const { env } = app
  // The invitation's button and the sign-in page post forms.
  readsFormPosts(app)
  const viaProvider = Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID)
  const mailSignIn = () => !viaProvider && app.mail.enabled

  // The sign-in page's post (plugins/form-posts.ts): a success leads to the page below, a refusal
  // shows the sign-in page again with the address sent.
  const signInForm: HtmlForm = {
    form: 'sign-in',
    page: () => '/api/login',
    done: () => MAIL_SIGN_IN_PATH,
    plain: (state, status) =>
      mailSignInPage(app.site.name, {
        message: state.message,
        email: typeof state.values.email === 'string' ? state.values.email : undefined,
        badAddress: status === 400,
      }),
  }

  /** Where the sign-in page's post leads: the same words for every address. */
  app.get(MAIL_SIGN_IN_PATH, async (_request, reply) => {
    if (!mailSignIn()) return reply.redirect('/api/login')
    return sendPlainPage(
      reply,
      200,
      plainPage({ title: 'Check your e-mail', brand: app.site.name, message: MAIL_SIGN_IN_SENT }),
    )
  })

  app.post(MAIL_SIGN_IN_PATH, { config: { budget: 'login', htmlForm: signInForm } }, async (request, reply) => {
    if (!mailSignIn()) return reply.redirect('/api/login', 303)
    const parsed = AddressSchema.safeParse(request.body ?? {})
    if (!parsed.success) throw new BadInputError(INVALID_ADDRESS)
    const { email } = parsed.data
    // Everything about the address (on the team? mailed lately?) is looked at after the answer, so
    // neither its words nor its timing tell a member's address from a stranger's.
    setImmediate(() => {
      mailSignInLink(app, email).then(
        (outcome) => {
          if (outcome === 'too-soon') app.log.info('a sign-in link was asked for again within 10 minutes: none sent')
        },
        (error: unknown) => app.log.warn({ err: error }, 'a sign-in link could not be mailed'),
      )
    })
    return { message: MAIL_SIGN_IN_SENT }
  })

  const refuseInvitation = (reply: FastifyReply, reason: keyof typeof INVITATION_REFUSALS) =>
    sendLinkPage(reply, 400, {
      title: 'This invitation cannot be used',
      brand: app.site.name,
      message: INVITATION_REFUSALS[reason],
    })

  app.get(INVITATION_PATH, { config: { budget: 'login' } }, async (request, reply) => {
    const query = TokenSchema.safeParse(request.query)
    const invitation = query.success ? await readInvitation(app.db, query.data.token) : null
    if (!invitation?.ok || !query.success)
      return refuseInvitation(reply, invitation && !invitation.ok ? invitation.reason : 'invalid')
    const how = viaProvider
      ? `Sign in with the council’s identity provider as ${invitation.email} to accept it.`
      : 'Accept it to sign in.'
    return sendLinkPage(reply, 200, {
      title: 'Join the council’s team',
      brand: app.site.name,
      message: `${invitation.invitedBy} invited ${invitation.email} to the admin of ${app.site.name} as ${invitation.role}. ${how}`,
      // Through a provider the callback accepts it, so the way on is a link: a form posted here
      // could not follow the redirect to the provider's origin (the CSP's form-action is 'self').
      ...(viaProvider
        ? { link: { href: '/api/login', label: 'Accept the invitation' } }
        : { button: { action: INVITATION_PATH, token: query.data.token, label: 'Accept the invitation' } }),
    })
  })

  app.post(INVITATION_PATH, { config: { budget: 'login' } }, async (request, reply) => {
    const body = TokenSchema.safeParse(request.body ?? {})
    if (!body.success) return refuseInvitation(reply, 'invalid')
    // With a provider, the address must be proved there: the callback accepts the invitation.
    if (viaProvider) {
      const invitation = await readInvitation(app.db, body.data.token)
      if (!invitation.ok) return refuseInvitation(reply, invitation.reason)
      return reply.redirect('/api/login', 303)
    }
    const userId = await acceptInvitation(app.db, body.data.token)
    if (!userId) {
      const invitation = await readInvitation(app.db, body.data.token)
      return refuseInvitation(reply, invitation.ok ? 'invalid' : invitation.reason)
    }
    await openSession(request, userId, 'link')
    request.log.info({ userId }, 'invitation accepted')
    return reply.redirect('/admin', 303)
  })
}
