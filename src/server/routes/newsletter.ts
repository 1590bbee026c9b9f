import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { SubscriberStatus } from '../../shared/constants'
import { BadInputError } from '../errors'
import { plainPage, sendPlainPage } from '../plain-page'
import { readsFormPosts } from '../plugins/form-posts'
import {
  confirmWithToken,
  type LinkOutcome,
  type LinkSubject,
  lookUpConfirmLink,
  lookUpUnsubscribeLink,
  unsubscribeWithToken,
} from '../services/newsletter'

/** A token as it arrives in a query or a body; the services judge whether it is one of ours. */
const TokenSchema = z.object({
  token: z
    .string({ error: 'The link has no token' })
    .trim()
    .min(1, 'The link has no token')
    .max(512, 'The token is not valid'),
})

const ONE_CLICK = /(^|&)List-Unsubscribe=One-Click(&|$)|name="List-Unsubscribe"\r?\n\r?\nOne-Click/

/**
 * The newsletter's links from e-mail (docs/decisions/017-newsletter-subscriptions.md). A GET only
 * shows a page with one button, so a link scanner that follows every link changes nothing; the
 * button posts. The unsubscribe endpoints take a post from any site, as RFC 8058 one-click needs:
 * the signed token is their authority.
 */
export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  // This scope's pages post their buttons as forms: the rest of the API takes JSON (and uploads,
  // multipart), besides the public forms' own posts (plugins/form-posts.ts).
  readsFormPosts(app)
  // RFC 8058 lets a mail provider send its one-click body as multipart; only its text is read.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, { multipart: String(body) }),
  )

  const privacy = { text: 'How we handle your data:', href: '/privacy', label: 'Privacy' }

  const page = (reply: FastifyReply, status: number, content: Parameters<typeof plainPage>[0]) =>
    sendPlainPage(reply, status, plainPage({ ...content, brand: app.site.name, footer: privacy }))

  const wantsJson = (request: FastifyRequest) => /^application\/json/i.test(request.headers['content-type'] ?? '')

  /** The token of a request: the query's (links, one-click) or the body's (the pages' forms, JSON). */
  const tokenOf = (request: FastifyRequest, from: 'query' | 'body') => {
    const source = from === 'query' ? request.query : request.body
    return TokenSchema.parse(source && typeof source === 'object' ? source : {}).token
  }

  const unsubscribeText: Record<LinkOutcome, { title: string; message: string }> = {
    done: { title: 'You are unsubscribed', message: 'This address will not receive the newsletter any more.' },
    already: { title: 'You are unsubscribed', message: 'This address was already unsubscribed from the newsletter.' },
    gone: { title: 'You are unsubscribed', message: 'This address is no longer on the newsletter’s list.' },
  }
  const confirmText: Record<LinkOutcome, { title: string; message: string }> = {
    done: { title: 'Subscription confirmed', message: 'Thank you: the newsletter will come to this address.' },
    already: { title: 'Subscription confirmed', message: 'This address was already confirmed.' },
    gone: {
      title: 'Not subscribed',
      message: 'This address is no longer on the newsletter’s list. Subscribe again on the home page if you wish.',
    },
  }

  /** One answer for every way to act on a link: a page for browsers, JSON for API clients. */
  const act = async (
    request: FastifyRequest,
    reply: FastifyReply,
    from: 'query' | 'body',
    run: (token: string) => Promise<LinkOutcome>,
    texts: Record<LinkOutcome, { title: string; message: string }>,
    refusedTitle: string,
  ) => {
    try {
      const outcome = await run(tokenOf(request, from))
      const text = texts[outcome]
      if (wantsJson(request)) return reply.send({ ok: true, outcome, message: text.message })
      return page(reply, 200, text)
    } catch (error) {
      const reason =
        error instanceof BadInputError ? error : error instanceof z.ZodError ? error.issues[0]?.message : undefined
      if (reason === undefined || wantsJson(request)) throw error
      return page(reply, 400, { title: refusedTitle, message: typeof reason === 'string' ? reason : reason.message })
    }
  }

  /**
   * A link's page (GET): what the link is about, with a button that acts on it; the outcome's
   * `gone` text for an address deleted meanwhile, and `refused` for a token that is not ours.
   */
  const linkPage = (
    path: string,
    lookUp: (db: typeof app.db, secret: string, token: string) => Promise<LinkSubject>,
    gone: { title: string; message: string },
    render: (email: string, status: SubscriberStatus | null, token: string) => Parameters<typeof plainPage>[0],
    refused: { title: string; message: string },
  ) =>
    app.get(path, async (request, reply) => {
      const parsed = TokenSchema.safeParse(request.query ?? {})
      if (!parsed.success) return page(reply, 400, refused)
      const subject = await lookUp(app.db, app.sessionSecret, parsed.data.token)
      if (subject.invalid) return page(reply, 400, refused)
      if (subject.email === null) return page(reply, 200, gone)
      return page(reply, 200, render(subject.email, subject.status, parsed.data.token))
    })

  linkPage(
    '/newsletter/unsubscribe',
    lookUpUnsubscribeLink,
    unsubscribeText.gone,
    (email, status, token) =>
      status === 'unsubscribed'
        ? { title: 'You are unsubscribed', message: `${email} does not receive the newsletter.` }
        : {
            title: 'Unsubscribe from the newsletter',
            message: `Press the button to stop the newsletter going to ${email}.`,
            form: { action: '/api/newsletter/unsubscribe', fields: { token }, button: 'Unsubscribe' },
          },
    {
      title: 'This unsubscribe link is not valid',
      message:
        'Nothing was changed. Use the link from the newest e-mail you received, or write to the council to be removed.',
    },
  )

  linkPage(
    '/newsletter/confirm',
    lookUpConfirmLink,
    confirmText.gone,
    (email, status, token) =>
      status === 'active'
        ? { title: 'Subscription confirmed', message: `${email} already receives the newsletter.` }
        : status === 'unsubscribed'
          ? {
              title: 'Not subscribed',
              message: `${email} was unsubscribed since this link was sent. Subscribe again on the home page if you wish.`,
            }
          : {
              title: 'Confirm your subscription',
              message: `Press the button to receive the newsletter at ${email}.`,
              form: { action: '/api/newsletter/confirm', fields: { token }, button: 'Confirm subscription' },
            },
    {
      title: 'This confirmation link is not valid',
      message:
        'Nothing was changed. The link may have expired or been replaced by a newer one: subscribe again to receive a new one.',
    },
  )

  // RFC 8058: a mail provider posts "List-Unsubscribe=One-Click" to the List-Unsubscribe address itself.
  app.post('/newsletter/unsubscribe', { config: { anySite: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const oneClick =
      body['List-Unsubscribe'] === 'One-Click' || (typeof body.multipart === 'string' && ONE_CLICK.test(body.multipart))
    if (!oneClick) {
      const reason = 'A one-click unsubscribe posts the body List-Unsubscribe=One-Click'
      if (wantsJson(request)) throw new BadInputError(reason)
      return page(reply, 400, { title: 'Nothing was changed', message: reason })
    }
    return act(
      request,
      reply,
      'query',
      (token) => unsubscribeWithToken(app.db, app.sessionSecret, token),
      unsubscribeText,
      'This unsubscribe link is not valid',
    )
  })

  app.post('/api/newsletter/unsubscribe', { config: { anySite: true } }, (request, reply) =>
    act(
      request,
      reply,
      'body',
      (token) => unsubscribeWithToken(app.db, app.sessionSecret, token),
      unsubscribeText,
      'This unsubscribe link is not valid',
    ),
  )

  app.post('/api/newsletter/confirm', (request, reply) =>
    act(
      request,
      reply,
      'body',
      (token) => confirmWithToken(app.db, app.sessionSecret, token, { welcome: app.mail.enabled }),
      confirmText,
      'This confirmation link is not valid',
    ),
  )
}
