import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { createDb, type DbHandle } from '../db/client'
import { DEFAULT_SITE, type PublicSite } from '../shared/site'
import type { Env } from './env'
import { contentEventsPlugin } from './plugins/content-events'
import { dbPlugin } from './plugins/db'
import { errorHandlerPlugin } from './plugins/error-handler'
import { maintenancePlugin } from './plugins/maintenance'
import { sameOriginPlugin } from './plugins/same-origin'
import { securityPlugin } from './plugins/security'
import { sessionPlugin } from './plugins/session'
import { type SsrOptions, ssrPlugin } from './plugins/ssr'
import { trpcPlugin } from './plugins/trpc'
import { authRoutes } from './routes/auth'
import { downloadRoutes } from './routes/downloads'
import { formRoutes } from './routes/forms'
import { healthRoutes } from './routes/health'
import { publicDataRoutes } from './routes/public-data'
import { researchStudyRoutes } from './routes/research-studies'
import { seoFileRoutes } from './routes/seo-files'
import { uploadRoutes } from './routes/uploads'
import { RateLimiter } from './services/rate-limit'
import type { FormLimits, SessionUser } from './trpc/context'

declare module 'fastify' {
  interface FastifyInstance {
    env: Env
    site: PublicSite
    limits: FormLimits
  }
  interface FastifyRequest {
    user: SessionUser | null
  }
}

export type BuildAppOptions = {
  env: Env
  /** A prepared database to use; when absent the app opens (and later closes) its own from env. */
  db?: DbHandle
  /** Server rendering; absent in tests that only exercise the API. */
  ssr?: Omit<SsrOptions, 'site'>
  logger?: FastifyServerOptions['logger']
}

export function siteFromEnv(env: Env): PublicSite {
  return {
    ...DEFAULT_SITE,
    name: env.COUNCIL_NAME ?? DEFAULT_SITE.name,
    email: env.COUNCIL_EMAIL ?? DEFAULT_SITE.email,
    website: env.COUNCIL_WEBSITE ?? DEFAULT_SITE.website,
    publicUrl: env.PUBLIC_URL,
  }
}

/** Builds the whole app without listening: main.ts listens, tests use inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  })

  const handle =
    options.db ??
    (await createDb(
      env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
    ))
  const site = siteFromEnv(env)
  app.decorate('env', env)
  app.decorate('site', site)
  const limitsOn = env.RATE_LIMITS === 'on'
  if (!limitsOn) app.log.warn('RATE_LIMITS=off: the public forms accept any number of requests per address')
  app.decorate('limits', {
    contact: new RateLimiter(5, 10 * 60 * 1000, limitsOn),
    newsletter: new RateLimiter(10, 10 * 60 * 1000, limitsOn),
  })
  app.decorateRequest('user', null)

  await app.register(errorHandlerPlugin)
  await app.register(securityPlugin, {
    https: env.PUBLIC_URL.startsWith('https://'),
    devMode: options.ssr?.dev === true,
  })
  await app.register(dbPlugin, { handle, owned: !options.db })
  await app.register(contentEventsPlugin, { databaseUrl: env.DATABASE_URL })
  await app.register(sameOriginPlugin)
  await app.register(sessionPlugin)
  await app.register(maintenancePlugin)
  await app.register(trpcPlugin)

  await app.register(healthRoutes)
  await app.register(publicDataRoutes)
  await app.register(researchStudyRoutes)
  await app.register(formRoutes)
  await app.register(authRoutes)
  await app.register(uploadRoutes)
  await app.register(downloadRoutes)
  await app.register(seoFileRoutes)

  if (options.ssr) {
    await app.register(ssrPlugin, { ...options.ssr, site })
  }
  return app
}
