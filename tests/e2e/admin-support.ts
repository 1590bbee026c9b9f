import type { Browser, Page } from 'playwright-core'
import postgres from 'postgres'
import { launchBrowser, openPage, type WatchedPage } from '../helpers/browser'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startTestIssuer, type TestIssuer } from '../helpers/oidc'
import { type RunningServer, startBuiltServer } from '../helpers/server'

export const ADMIN_EMAIL = 'admin@example.org'

/** A built server on a fresh Postgres database, a real OpenID Connect issuer and one Chromium. */
export type AdminStack = {
  server: RunningServer
  browser: Browser
  /** A client on the server's own database, to arrange or look at stored rows. */
  sql: postgres.Sql
  /** The OpenID Connect issuer the server signs in through: `nextClaims` says who signs in next. */
  issuer: TestIssuer
  /** Opens a page at `width` px, signs in as `email` through the issuer and lands on `path`. */
  signIn: (path: string, options?: { width?: number; email?: string; timezoneId?: string }) => Promise<WatchedPage>
  stop: () => Promise<void>
}

/**
 * `env` adds to or overrides the server's environment, e.g. a small UPLOAD_MAX_MB to test the size
 * limit, or SMTP_URL for a test SMTP server.
 */
export async function startAdminStack(env: Record<string, string> = {}): Promise<AdminStack> {
  const database: TestDatabase = await createTestDatabase('postgres')
  if (!database.url) throw new Error('the admin browser tests need Postgres')
  const issuer: TestIssuer = await startTestIssuer()
  const server = await startBuiltServer({
    DATABASE_URL: database.url,
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...env,
  })
  const browser = await launchBrowser()
  const sql = postgres(database.url, { max: 1, onnotice: () => {} })
  return {
    server,
    browser,
    sql,
    issuer,
    async signIn(path, options = {}) {
      const email = options.email ?? ADMIN_EMAIL
      const watched = await openPage(browser, { width: options.width ?? 1280, timezoneId: options.timezoneId })
      issuer.nextClaims({ email, email_verified: true })
      // Signing in first, then opening the screen: the screen's own sign-in check is the studies
      // screen's (tested in admin.test.ts), and after sign-in the server always lands on /admin.
      await watched.page.goto(`${server.url}/api/login`)
      await watched.page.waitForURL(`${server.url}/admin`, { timeout: 15_000 })
      await watched.page.getByText(`Signed in as: ${email}`).waitFor()
      if (path !== '/admin') {
        await watched.page.goto(`${server.url}${path}`)
        await watched.page.getByText(`Signed in as: ${email}`).waitFor()
      }
      return watched
    },
    async stop() {
      await browser.close()
      await sql.end({ timeout: 2 })
      await server.stop()
      await issuer.stop()
      await database.drop()
    },
  }
}

/** True when the page scrolls sideways: at 320 and 390 px no admin screen may. */
export const scrollsSideways = (watched: WatchedPage) =>
  watched.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/**
 * Goes to another admin screen through the admin navigation, as a person would: on a phone the
 * links sit behind the compact menu's button, which is opened first.
 */
export async function goToAdminScreen(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Admin' })
  const menu = nav.getByRole('button', { name: /^Admin menu/ })
  if (await menu.isVisible()) await menu.click()
  await nav.getByRole('link', { name }).click()
}
