import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { MAIL_EVENT_PROVIDERS, type MailEventProvider } from '../../shared/constants'
import { GenericMailEventsSchema } from '../../shared/schemas/mail-events'
import { AppError, BadInputError, ForbiddenError, NotFoundError } from '../errors'
import { genericReports, postmarkReports, sesReports } from '../mail-events/providers'
import { type FetchText, fetchSnsText, isSnsUrl, SnsMessageSchema, snsVerifier } from '../mail-events/sns'
import { verifyBasicSecret, verifyGenericSignature } from '../mail-events/verify'
import { type MailEventReport, recordMailEvents } from '../services/mail-events'

export type MailEventRouteOptions = {
  /** How SNS certificates and subscription links are fetched; tests give their own (AWS is out of reach). */
  fetchText?: FetchText
}

const ParamsSchema = z.object({ provider: z.string().max(40) })

const NOT_CONFIGURED = 'Mail events are not taken here: the server has no MAIL_EVENTS_SECRET.'
const UNKNOWN_PROVIDER = `Unknown provider. Mail events are taken from: ${MAIL_EVENT_PROVIDERS.join(', ')}.`
const BAD_SIGNATURE =
  'The call is not signed with the secret set in MAIL_EVENTS_SECRET (X-Mail-Events-Signature: t=…,v1=…).'
const BAD_CREDENTIALS =
  'The call does not carry the secret set in MAIL_EVENTS_SECRET as the password of its Basic credentials.'
const BAD_SNS_SIGNATURE = 'The SNS message is not signed by AWS.'
const OTHER_TOPIC = 'The SNS message is from a topic other than MAIL_EVENTS_SNS_TOPIC_ARN.'

const isProvider = (value: string): value is MailEventProvider =>
  (MAIL_EVENT_PROVIDERS as readonly string[]).includes(value)

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    throw new BadInputError('The body is not JSON.')
  }
}

/**
 * POST /api/mail/events/{provider}: the mail provider's reports of bounces and complaints
 * (docs/mail-events.md). Called by the provider's servers, never a browser: any origin, no session;
 * the secret (and for SNS, AWS's signature) is its authority. The body is read as text, whatever
 * its type (SNS sends JSON as text/plain), because the signatures are of the bytes.
 */
export const mailEventRoutes: FastifyPluginAsync<MailEventRouteOptions> = async (app, options) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  )
  const verifySns = snsVerifier(options.fetchText ?? fetchSnsText)
  const fetchText = options.fetchText ?? fetchSnsText

  app.post('/api/mail/events/:provider', { config: { anySite: true } }, async (request, reply) => {
    const { provider } = ParamsSchema.parse(request.params)
    if (!isProvider(provider)) throw new NotFoundError(UNKNOWN_PROVIDER)
    const secret = app.env.MAIL_EVENTS_SECRET
    if (!secret) throw new NotFoundError(NOT_CONFIGURED)
    const body = typeof request.body === 'string' ? request.body : ''
    const now = new Date()
    let reports: MailEventReport[]

    if (provider === 'generic') {
      const signature = request.headers['x-mail-events-signature']
      if (!verifyGenericSignature(secret, typeof signature === 'string' ? signature : undefined, body, now.getTime()))
        throw new AppError('unauthorized', BAD_SIGNATURE)
      reports = genericReports(GenericMailEventsSchema.parse(parseJson(body)), now)
    } else {
      if (!verifyBasicSecret(secret, request.headers.authorization)) {
        reply.header('www-authenticate', 'Basic realm="mail events"')
        throw new AppError('unauthorized', BAD_CREDENTIALS)
      }
      if (provider === 'postmark') {
        const read = postmarkReports(parseJson(body), now)
        if (!read) throw new BadInputError('The body is not a Postmark bounce or spam complaint record.')
        reports = read
      } else {
        const parsed = SnsMessageSchema.safeParse(parseJson(body))
        if (!parsed.success) throw new BadInputError('The body is not an SNS message.')
        const message = parsed.data
        if (!(await verifySns(message))) throw new AppError('unauthorized', BAD_SNS_SIGNATURE)
        const topic = app.env.MAIL_EVENTS_SNS_TOPIC_ARN
        if (topic && message.TopicArn !== topic) throw new ForbiddenError(OTHER_TOPIC)
        if (message.Type === 'SubscriptionConfirmation') {
          if (!message.SubscribeURL || !isSnsUrl(message.SubscribeURL))
            throw new BadInputError('The subscription link is not an SNS address.')
          try {
            await fetchText(new URL(message.SubscribeURL))
          } catch (error) {
            request.log.warn({ err: error }, 'could not confirm the SNS subscription')
            throw new AppError('service_unavailable', 'SNS did not answer the confirmation. Ask it to send it again.')
          }
          request.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed')
          return { confirmed: true }
        }
        if (message.Type === 'UnsubscribeConfirmation') return { received: 0, recorded: 0, suppressed: 0 }
        const read = sesReports(message.Message, now)
        if (!read) throw new BadInputError('The SNS message does not carry an SES notification.')
        reports = read
      }
    }
    return recordMailEvents(app.db, provider, reports, { softBounceLimit: app.env.MAIL_SOFT_BOUNCE_LIMIT })
  })
}
