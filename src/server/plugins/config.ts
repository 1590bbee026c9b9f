import fp from 'fastify-plugin'
import { DEFAULT_SITE, type PublicSite } from '../../shared/site'
import { resolveSessionSecret } from '../auth/secret'
import type { Env } from '../env'

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (src/server/env.ts). */
    env: Env
    /** The council's identity as configured, which pages and documents show. */
    site: PublicSite
    /** SESSION_SECRET (or the one kept under DATA_DIR): cookies, sign-in links and newsletter links derive their keys from it. */
    sessionSecret: string
  }
}

/** Also used before the app exists: start-up renders the starter documents with it. */
export function siteFromEnv(env: Env): PublicSite {
  return {
    ...DEFAULT_SITE,
    name: env.COUNCIL_NAME ?? DEFAULT_SITE.name,
    email: env.COUNCIL_EMAIL ?? DEFAULT_SITE.email,
    website: env.COUNCIL_WEBSITE ?? DEFAULT_SITE.website,
    publicUrl: env.PUBLIC_URL,
    uploadMaxMb: env.UPLOAD_MAX_MB,
  }
}

export const configPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('env', env)
    app.decorate('site', siteFromEnv(env))
    app.decorate('sessionSecret', resolveSessionSecret(env))
  },
  { name: 'config' },
)
