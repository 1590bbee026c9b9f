import fp from 'fastify-plugin'
import { DEFAULT_SITE, type PublicSite } from '../../shared/site'
import { resolveSessionSecret } from '../auth/secret'
import type { Env } from '../env'
import { type FixedSettings, type readCouncilSettings, resolveSettings } from '../services/council-settings'

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (src/server/env.ts). */
    env: Env
    /**
     * The council's identity as pages, documents and mail show it now: its settings as last read
     * (plugins/council-settings.ts keeps them current on every replica) under what the
     * configuration fixes.
     */
    readonly site: PublicSite
    /** Makes `site` what the saved settings row says (null: none saved yet). */
    applyCouncilSettings: (row: Awaited<ReturnType<typeof readCouncilSettings>>) => void
    /** SESSION_SECRET (or the one kept under DATA_DIR): cookies, sign-in links and newsletter links derive their keys from it. */
    sessionSecret: string
  }
}

/** The settings the configuration fixes: an owner sees them and cannot change them. */
export function fixedSettings(env: Env): FixedSettings {
  const fixed: FixedSettings = {}
  if (env.COUNCIL_NAME !== undefined) fixed.name = env.COUNCIL_NAME
  if (env.COUNCIL_EMAIL !== undefined) fixed.email = env.COUNCIL_EMAIL
  if (env.COUNCIL_WEBSITE !== undefined) fixed.website = env.COUNCIL_WEBSITE
  return fixed
}

/**
 * The identity from the configuration and a saved settings row. Also used before the app exists:
 * start-up renders the starter documents with it.
 */
export function siteFromEnv(env: Env, row: Awaited<ReturnType<typeof readCouncilSettings>> = null): PublicSite {
  return {
    ...DEFAULT_SITE,
    ...resolveSettings(row, fixedSettings(env)),
    publicUrl: env.PUBLIC_URL,
    uploadMaxMb: env.UPLOAD_MAX_MB,
  }
}

export const configPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('env', env)
    let site = siteFromEnv(env)
    app.decorate('site', {
      getter: () => site,
    })
    app.decorate('applyCouncilSettings', (row: Awaited<ReturnType<typeof readCouncilSettings>>) => {
      site = siteFromEnv(env, row)
    })
    app.decorate('sessionSecret', resolveSessionSecret(env))
  },
  { name: 'config' },
)
