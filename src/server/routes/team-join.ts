import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { createSignInLink, ONE_TIME_LINK_TTL_MS } from '../auth/one-time-link'
import { openSession } from '../auth/sign-in'
import { BadInputError } from '../errors'
import { plainPage, sendPlainPage } from '../plain-page'
import { type HtmlForm, readsFormPosts } from '../plugins/form-posts'
import { acceptInvitation, INVITATION_PATH, isStoredMember, readInvitation } from '../services/team'

export const MAIL_SIGN_IN_PATH = '/api/login/email'

/** The same words whether or not the address is on the team: the form must not tell who is. */
export const MAIL_SIGN_IN_SENT =
  'If this address belongs to a member of the council’s team, a sign-in link is on its way to it. The link works once, for 15 minutes.'

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

  const page = sendPlainPage

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
    return page(reply, 200, plainPage({ title: 'Check your e-mail', brand: app.site.name, message: MAIL_SIGN_IN_SENT }))
  })

  app.post(MAIL_SIGN_IN_PATH, { config: { budget: 'login', htmlForm: signInForm } }, async (request, reply) => {
    if (!mailSignIn()) return reply.redirect('/api/login', 303)
    const parsed = AddressSchema.safeParse(request.body ?? {})
    if (!parsed.success) throw new BadInputError(INVALID_ADDRESS)
    const { email } = parsed.data
    const owners = await app.configOwners()
    if (owners.includes(email) || (await isStoredMember(app.db, email))) {
      const link = createSignInLink(app.sessionSecret, email, env.PUBLIC_URL)
      // Sent after the answer, so its timing does not tell a member's address from a stranger's.
      setImmediate(() => {
        app.mail
          .sendNow({
            to: email,
            subject: `Your sign-in link for the ${app.site.name} admin`,
            text: [
              'Hello,',
              '',
              `Someone, probably you, asked to sign in to the ${app.site.name} admin with this address.`,
              `Open this link within ${ONE_TIME_LINK_TTL_MS / 60_000} minutes to sign in; it works once:`,
              '',
              link,
              '',
              'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
            ].join('\n'),
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'a sign-in link could not be mailed'))
      })
    }
    return { message: MAIL_SIGN_IN_SENT }
  })

  app.get(INVITATION_PATH, { config: { budget: 'login' } }, async (request, reply) => {
    const query = TokenSchema.safeParse(request.query)
    const invitation = query.success ? await readInvitation(app.db, query.data.token) : null
    if (!invitation?.ok || !query.success) {
      const reason = invitation && !invitation.ok ? invitation.reason : 'invalid'
      return page(
        reply,
        400,
        plainPage({
          title: 'This invitation cannot be used',
          brand: app.site.name,
          message: INVITATION_REFUSALS[reason],
        }),
      )
    }
    const how = viaProvider
      ? `Sign in with the council’s identity provider as ${invitation.email} to accept it.`
      : 'Accept it to sign in.'
    return page(
      reply,
      200,
      plainPage({
        title: 'Join the council’s team',
        brand: app.site.name,
        message: `${invitation.invitedBy} invited ${invitation.email} to the admin of ${app.site.name} as ${invitation.role}. ${how}`,
        // Through a provider the callback accepts it, so the way on is a link: a form posted here
        // could not follow the redirect to the provider's origin (the CSP's form-action is 'self').
        ...(viaProvider
          ? { action: { href: '/api/login', label: 'Accept the invitation' } }
          : {
              form: { action: INVITATION_PATH, fields: { token: query.data.token }, button: 'Accept the invitation' },
            }),
      }),
    )
  })

  app.post(INVITATION_PATH, { config: { budget: 'login' } }, async (request, reply) => {
    const body = TokenSchema.safeParse(request.body ?? {})
    if (!body.success)
      return page(
        reply,
        400,
        plainPage({ title: 'This invitation cannot be used', message: INVITATION_REFUSALS.invalid }),
      )
    // With a provider, the address must be proved there: the callback accepts the invitation.
    if (viaProvider) {
      const invitation = await readInvitation(app.db, body.data.token)
      if (!invitation.ok)
        return page(
          reply,
          400,
          plainPage({ title: 'This invitation cannot be used', message: INVITATION_REFUSALS[invitation.reason] }),
        )
      return reply.redirect('/api/login', 303)
    }
    const userId = await acceptInvitation(app.db, body.data.token)
    if (!userId) {
      const invitation = await readInvitation(app.db, body.data.token)
      const reason = invitation.ok ? 'invalid' : invitation.reason
      return page(
        reply,
        400,
        plainPage({ title: 'This invitation cannot be used', message: INVITATION_REFUSALS[reason] }),
      )
    }
    await openSession(request, userId, 'link')
    request.log.info({ userId }, 'invitation accepted')
    return reply.redirect('/admin', 303)
  })
}
