import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { DbHandle } from '../../src/db/client'
import { type BuildAppOptions, buildApp } from '../../src/server/app'
import { type Env, parseEnv } from '../../src/server/env'
import { setUpTestDatabase, type TestDatabase } from './db'

export const TEST_PUBLIC_URL = 'http://localhost:3000'

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    PUBLIC_URL: TEST_PUBLIC_URL,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  })
}

/** The app as production builds it, on a test database, never listening (use inject). */
export async function buildTestApp(
  db: DbHandle,
  options: {
    env?: Record<string, string>
    ssr?: BuildAppOptions['ssr']
    mailTiming?: BuildAppOptions['mailTiming']
    logger?: BuildAppOptions['logger']
    snsFetch?: BuildAppOptions['snsFetch']
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    env: testEnv(options.env),
    db,
    ssr: options.ssr,
    mailTiming: options.mailTiming,
    logger: options.logger ?? false,
    snsFetch: options.snsFetch,
  })
  await app.ready()
  return app
}

export type TestAppOptions = {
  /** Env overrides; a function is read when the app is built, after any beforeAll the file registered earlier. */
  env?: Record<string, string> | (() => Record<string, string>)
  ssr?: BuildAppOptions['ssr']
  mailTiming?: BuildAppOptions['mailTiming']
  /** The app's logger; silent unless given (tests that read the log pass a stream). */
  logger?: BuildAppOptions['logger']
  /** How the mail events' SNS adapter fetches certificates (AWS is out of reach here). */
  snsFetch?: BuildAppOptions['snsFetch']
  /** 'each' (the default) empties every table before each test; false keeps what beforeAll put there. */
  reset?: 'each' | false
}

/**
 * The app on a fresh database for the calling test file, in the spirit of fastify/demo's build(t):
 * the helper registers the set-up and the teardown itself, so a file cannot forget to close the app
 * or drop the database. Call it at the top of the file; read `app` and `database` inside tests and
 * hooks. Vitest runs afterAll hooks in reverse order, so the app closes before its database goes.
 */
export function setUpTestApp(options: TestAppOptions = {}): {
  readonly app: FastifyInstance
  readonly database: TestDatabase
} {
  const owner = setUpTestDatabase({ reset: options.reset })
  let app: FastifyInstance | undefined
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env
    app = await buildTestApp(owner.database.handle, {
      env,
      ssr: options.ssr,
      mailTiming: options.mailTiming,
      logger: options.logger,
      snsFetch: options.snsFetch,
    })
  })
  afterAll(async () => {
    await app?.close()
    app = undefined
  })
  return {
    get app() {
      if (!app) throw new Error('setUpTestApp(): `app` was read outside a test (before beforeAll or after afterAll)')
      return app
    },
    get database() {
      return owner.database
    },
  }
}
