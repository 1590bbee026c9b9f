import { createServer } from 'node:http'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import type { DbHandle } from '../db/client'
import type { Env } from './env'
import { describeError } from './errors'
import { logSiteEvents } from './events'
import { keptAnswersPlugin } from './kept-answers/plugin'
import { serveKept } from './kept-answers/serve'
import { KeptAnswers } from './kept-answers/store'
import { loggerOptions, RequestLog, requestId } from './log'
import { configPlugin } from './plugins/config'
import { contentEventsPlugin } from './plugins/content-events'
import { councilSettingsPlugin } from './plugins/council-settings'
import { dbPlugin } from './plugins/db'
import { errorHandlerPlugin } from './plugins/error-handler'
import { formPostsPlugin } from './plugins/form-posts'
import { type MailTiming, mailPlugin } from './plugins/mail'
import { maintenancePlugin } from './plugins/maintenance'
import { metricsPlugin } from './plugins/metrics'
import { rateLimitPlugin } from './plugins/rate-limit'
import { sameOriginPlugin } from './plugins/same-origin'
import { scheduledWorkPlugin } from './plugins/scheduled-work'
import { applySecurityHeaders, type SecurityOptions, securityPlugin } from './plugins/security'
import { sessionPlugin } from './plugins/session'
import { siteTextPlugin } from './plugins/site-text'
import { type SsrOptions, ssrPlugin } from './plugins/ssr'
import { trpcPlugin } from './plugins/trpc'
import { acceptRequestTarget } from './request-target'
import { adminRoutes } from './routes/admin'
import { authRoutes } from './routes/auth'
import { downloadRoutes } from './routes/downloads'
import { fileRoutes } from './routes/files'
import { formRoutes } from './routes/forms'
import { healthRoutes } from './routes/health'
import { type MailEventRouteOptions, mailEventRoutes } from './routes/mail-events'
import { goneNewsPages, newsRoutes } from './routes/news'
import { newsletterRoutes } from './routes/newsletter'
import { publicDataRoutes } from './routes/public-data'
import { registryRoutes } from './routes/registry'
import { registryApplicationRoutes } from './routes/registry-applications'
import { registryConcernRoutes } from './routes/registry-concerns'
import { searchRoutes } from './routes/search'
import { seoFileRoutes } from './routes/seo-files'
import { standardRoutes } from './routes/standards'
import { teamJoinRoutes } from './routes/team-join'

export type BuildAppOptions = {
  env: Env
  /** An opened, migrated database; the caller closes it after the app. */
  db: DbHandle
  /** Server rendering; absent in tests that only exercise the API. */
  ssr?: SsrOptions
  logger?: FastifyServerOptions['logger']
  /** The mail sender's pace; tests shorten its retries (src/server/plugins/mail.ts). */
  mailTiming?: Partial<MailTiming>
  /** How the mail events' SNS adapter fetches AWS's certificates; tests give their own. */
  snsFetch?: MailEventRouteOptions['fetchText']
}

/**
 * Builds the whole app without listening: main.ts listens, tests use inject(). Policies are
 * plugins registered before any route, so every route and procedure gets them by default.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options
  const trust = env.TRUST_PROXY
  const security: SecurityOptions = {
    https: env.PUBLIC_URL.startsWith('https://'),
    devMode: options.ssr?.dev === true,
  }
  const answers = new KeptAnswers()
  const app = Fastify({
    // The server looks up kept public answers before Fastify sees a request, and serves them the
    // way a static file server would (docs/decisions/023-kept-answers-one-layer.md).
    // Slow clients cannot hold connections: the whole request within REQUEST_TIMEOUT_S, headers
    // within 10 s of it, idle keep-alive sockets closed after 5 s, a silent socket after 60 s.
    serverFactory: (fastifyHandler) => {
      const server = createServer(
        {
          headersTimeout: Math.min(10_000, env.REQUEST_TIMEOUT_S * 1000),
          requestTimeout: env.REQUEST_TIMEOUT_S * 1000,
          // How often Node looks for requests past their time; its default (30 s) would double the wait.
          connectionsCheckingInterval: 1_000,
        },
        (request, response) => {
          if (!acceptRequestTarget(request, response, security, app.log)) return
          if (!serveKept(answers, request, response, app.log, app.metrics)) fastifyHandler(request, response)
        },
      )
      server.keepAliveTimeout = 5_000
      server.setTimeout(60_000)
      return server
    },
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    // One line per request, in the same shape as the kept answers write theirs (src/server/log.ts).
    logController: new RequestLog(),
    requestIdHeader: false,
    genReqId: requestId,
    // A hop count trusts that many proxies nearest to us (proxy-addr counts hops from the socket).
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    // A malformed URL or an over-long path parameter is refused by Fastify before any hook runs:
    // answer it in the one error shape with the same headers as everything else.
    frameworkErrors: (error, _request, frameworkReply) => {
      // Fastify types this reply by the route generics no route has yet; it is a plain reply.
      const reply = frameworkReply as unknown as FastifyReply
      const { status, body } = describeError(error)
      applySecurityHeaders(reply, security)
      reply.code(status).send(body)
    },
    // The longest parameter is a tRPC batch's list of procedure names; ten of them fit easily.
    routerOptions: { maxParamLength: 500 },
  })

  await app.register(configPlugin, { env })
  // The state changes services announce (src/server/events.ts), as one line each in this app's log.
  app.addHook('onClose', logSiteEvents(app.log))
  await app.register(errorHandlerPlugin)
  await app.register(securityPlugin, security)
  await app.register(dbPlugin, { handle: options.db })
  // Before every route, so each answer is counted (docs/metrics.md); nothing at all unless configured.
  await app.register(metricsPlugin)
  await app.register(contentEventsPlugin)
  await app.register(keptAnswersPlugin, { answers, security })
  await app.register(councilSettingsPlugin)
  // Public forms posted without JavaScript: their bodies, and their answers as pages; its hook runs
  // before compression's, which then has nothing to do for a 303.
  await app.register(formPostsPlugin)
  // Whatever is not a kept answer and not compressed already (the admin's JSON, tRPC) is compressed
  // as it is sent; registered after kept-answers, whose hook then runs first and encodes its own.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^(text\/(?!event-stream)|application\/(json|xml)(;|$))/,
    globalDecompression: false,
  })
  await app.register(sameOriginPlugin)
  await app.register(sessionPlugin)
  await app.register(rateLimitPlugin, { enabled: env.RATE_LIMITS === 'on' })
  await app.register(maintenancePlugin)
  await app.register(mailPlugin, { timing: options.mailTiming })
  // After mail: the registry's notices are queued only while mail is on.
  await app.register(scheduledWorkPlugin)
  await app.register(trpcPlugin)
  // The pages' words for the site search, read through the app itself: none without server rendering.
  await app.register(siteTextPlugin, { enabled: options.ssr !== undefined })

  // The routes, each group encapsulated, after every policy above: they get them all by default.
  for (const routes of [
    healthRoutes,
    publicDataRoutes,
    newsRoutes,
    goneNewsPages,
    standardRoutes,
    registryRoutes,
    registryApplicationRoutes,
    registryConcernRoutes,
    searchRoutes,
    formRoutes,
    newsletterRoutes,
    (scope: FastifyInstance) => mailEventRoutes(scope, { fetchText: options.snsFetch }),
    authRoutes,
    teamJoinRoutes,
    fileRoutes,
    downloadRoutes,
    seoFileRoutes,
    adminRoutes,
  ])
    await app.register(routes)

  if (options.ssr) await app.register(ssrPlugin, { ...options.ssr, security })
  return app
}
