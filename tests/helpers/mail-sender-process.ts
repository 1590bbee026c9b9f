/*
 * A replica whose only work here is sending mail, as its own process, so a test can SIGKILL it
 * mid-send (tests/integration/news-delivery-crash.test.ts). Run it with `node --import tsx`, not the
 * tsx CLI, whose second process a SIGKILL of the first would leave running. Reads DATABASE_URL and
 * SMTP_URL from its environment, and the sender's timing as JSON in MAIL_TIMING.
 */
import { createDb } from '../../src/db/client'
import { buildApp } from '../../src/server/app'
import { parseEnv } from '../../src/server/env'

const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'off',
  PUBLIC_URL: 'http://localhost:3000',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
  ...process.env,
})
const db = await createDb({ kind: 'postgres', url: String(env.DATABASE_URL) })
const app = await buildApp({ env, db, logger: false, mailTiming: JSON.parse(process.env.MAIL_TIMING ?? '{}') })
await app.ready()
process.stdout.write('ready\n')
