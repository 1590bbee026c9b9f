import type { FastifyInstance } from 'fastify'
import type { DbHandle } from '../../src/db/client'
import { type BuildAppOptions, buildApp } from '../../src/server/app'
import { type Env, parseEnv } from '../../src/server/env'

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
  options: { env?: Record<string, string>; ssr?: BuildAppOptions['ssr'] } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ env: testEnv(options.env), db, ssr: options.ssr, logger: false })
  await app.ready()
  return app
}
