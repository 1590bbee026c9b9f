import type { Browser } from 'playwright-core'
import postgres from 'postgres'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import type { Role } from '../../src/shared/permissions'
import { launchBrowser, openPage, type PageOptions, type WatchedPage } from '../helpers/browser'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startTestIssuer, type TestIssuer } from '../helpers/oidc'
import { type RunningServer, startBuiltServer } from '../helpers/server'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/** The owner ADMIN_EMAILS names when the stack signs in through an identity provider. */
export const ADMIN_EMAIL = 'admin@example.org'

export type StackOptions = {
  /** Added to the server's environment, last: it overrides what the other options set (e.g. ADMIN_EMAILS). */
  env?: Record<string, string>
  /**
   * 'postgres' (the default): a fresh database cloned from the run's template, which the test reads
   * through `sql` and `database`; when the run has no Postgres, the server falls back to its own
   * embedded database and reading either fails. 'embedded': the server's own PGlite folder always.
   */
  database?: 'postgres' | 'embedded'
  /** A real SMTP server the server mails through (SMTP_URL). */
  smtp?: boolean
  /** A real OpenID Connect issuer the server signs in through, with ADMIN_EMAIL as the owner; enables `signIn`. */
  oidc?: boolean
  /** Members stored (as an accepted invitation leaves them) once the server is up, invited by ADMIN_EMAIL. */
  team?: { email: string; role: Role; firstName?: string }[]
  /** How many server processes share the database (replicas); `server` is the first. */
  servers?: number
  /** Chromium, for `browser`, `openPage` and `signIn` (the default); false for tests that speak HTTP only. */
  browser?: boolean
  /** Closes every page opened through the stack after each test, so no test's contexts linger into the next. */
  closePagesAfterEach?: boolean
}

export type SignInOptions = { width?: number; email?: string; timezoneId?: string }

/** What a browser test reads inside its tests and hooks; reading a part the options did not ask for fails. */
export type Stack = {
  readonly url: string
  readonly server: RunningServer
  readonly servers: readonly RunningServer[]
  readonly browser: Browser
  /** A client on the server's own database, to arrange or look at stored rows. */
  readonly sql: postgres.Sql
  /** The same database through the app's own Drizzle handle, for the services' functions. */
  readonly database: TestDatabase
  readonly smtp: SmtpServer
  /** `nextClaims` says who signs in next. */
  readonly issuer: TestIssuer
  /** A page in a fresh browser context that records its console problems (tests/helpers/browser.ts). */
  openPage: (options?: PageOptions) => Promise<WatchedPage>
  /** Opens a page at `width` px, signs in as `email` (ADMIN_EMAIL) through the issuer and lands on `path`. */
  signIn: (path: string, options?: SignInOptions) => Promise<WatchedPage>
}

type Parts = {
  servers: RunningServer[]
  database?: TestDatabase
  sql?: postgres.Sql
  browser?: Browser
  smtp?: SmtpServer
  issuer?: TestIssuer
}

/**
 * One stack for the calling test file (or describe block): a database, the built server on it, and
 * Chromium, with SMTP, an identity provider or more replicas as `options` ask. It registers the
 * beforeAll that starts them and the afterAll that stops whatever started, in reverse order, even
 * when starting failed halfway, so a file cannot forget the teardown. Call it where the hooks
 * belong (inside a skipped describe nothing starts); read the handle's fields inside tests and hooks.
 */
export function useStack(options: StackOptions = {}): Stack {
  let parts: Parts | undefined
  const stops: (() => Promise<unknown>)[] = []
  const opened: WatchedPage[] = []

  const started = (): Parts => {
    if (!parts) throw new Error('useStack(): the stack was read outside a test (before beforeAll or after afterAll)')
    return parts
  }
  const part = <K extends keyof Parts>(key: K, asked: string): NonNullable<Parts[K]> => {
    const value = started()[key]
    if (value === undefined) throw new Error(`useStack(): this stack has no ${key}; ${asked}`)
    return value as NonNullable<Parts[K]>
  }

  beforeAll(
    async () => {
      const current: Parts = { servers: [] }
      parts = current
      const env: Record<string, string> = {}

      if ((options.database ?? 'postgres') === 'postgres' && inject('postgresAdminUrl')) {
        const database = await createTestDatabase('postgres')
        stops.push(() => database.drop())
        current.database = database
        if (!database.url) throw new Error('useStack(): the test database has no URL')
        env.DATABASE_URL = database.url
        const sql = postgres(database.url, { max: 1, onnotice: () => {} })
        stops.push(() => sql.end({ timeout: 2 }))
        current.sql = sql
      }
      if (options.smtp) {
        const smtp = await startSmtpServer()
        stops.push(() => smtp.stop())
        current.smtp = smtp
        env.SMTP_URL = smtp.url
      }
      if (options.oidc) {
        const issuer = await startTestIssuer()
        stops.push(() => issuer.stop())
        current.issuer = issuer
        Object.assign(env, { OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, ADMIN_EMAILS: ADMIN_EMAIL })
      }
      if ((options.servers ?? 1) > 1 && !env.DATABASE_URL)
        throw new Error('useStack(): replicas share a Postgres database; the embedded one is one process by design')
      // One after another: replicas starting together would race to prepare the same database.
      for (let n = 0; n < (options.servers ?? 1); n += 1) {
        const server = await startBuiltServer({ ...env, ...options.env })
        stops.push(() => server.stop())
        current.servers.push(server)
      }
      for (const member of options.team ?? []) {
        await part('sql', 'a team needs Postgres')`
        insert into users (email, first_name, role, invited_by)
        values (${member.email}, ${member.firstName ?? null}, ${member.role}, ${ADMIN_EMAIL})`
      }
      if (options.browser ?? true) {
        const browser = await launchBrowser()
        stops.push(() => browser.close())
        current.browser = browser
      }
      // A server alone may take its whole 60 s readiness deadline (startBuiltServer) on a busy machine,
      // which the default hook timeout would cut before it could say why.
    },
    60_000 * ((options.servers ?? 1) + 1),
  )

  afterAll(async () => {
    const failures: unknown[] = []
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => failures.push(error))
    parts = undefined
    if (failures.length > 0) throw new AggregateError(failures, 'useStack(): stopping the stack failed')
  })

  if (options.closePagesAfterEach) {
    afterEach(async () => {
      for (const { page } of opened.splice(0)) await page.context().close()
    })
  }

  const track = (watched: WatchedPage) => {
    if (options.closePagesAfterEach) opened.push(watched)
    return watched
  }
  const server = () => {
    const [first] = started().servers
    if (!first) throw new Error('useStack(): no server started')
    return first
  }
  const browser = () => part('browser', 'useStack({ browser: false }) starts none')

  return {
    get url() {
      return server().url
    },
    get server() {
      return server()
    },
    get servers() {
      return started().servers
    },
    get browser() {
      return browser()
    },
    get sql() {
      return part('sql', 'it runs on the server’s embedded database')
    },
    get database() {
      return part('database', 'it runs on the server’s embedded database')
    },
    get smtp() {
      return part('smtp', 'ask for one with useStack({ smtp: true })')
    },
    get issuer() {
      return part('issuer', 'ask for one with useStack({ oidc: true })')
    },
    openPage: async (pageOptions) => track(await openPage(browser(), pageOptions)),
    async signIn(path, signInOptions = {}) {
      const issuer = part('issuer', 'signing in needs useStack({ oidc: true })')
      const url = server().url
      const email = signInOptions.email ?? ADMIN_EMAIL
      const watched = track(
        await openPage(browser(), { width: signInOptions.width ?? 1280, timezoneId: signInOptions.timezoneId }),
      )
      issuer.nextClaims({ email, email_verified: true })
      // Signing in first, then opening the screen: the screen's own sign-in check is the studies
      // screen's (tested in admin.test.ts), and after sign-in the server always lands on /admin.
      await watched.page.goto(`${url}/api/login`)
      await watched.page.waitForURL(`${url}/admin`, { timeout: 15_000 })
      await watched.page.getByText(`Signed in as: ${email}`).waitFor()
      if (path !== '/admin') {
        await watched.page.goto(`${url}${path}`)
        await watched.page.getByText(`Signed in as: ${email}`).waitFor()
      }
      return watched
    },
  }
}
