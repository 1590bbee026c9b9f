import { type Browser, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'

export const chromiumPath = () => inject('chromiumPath')

/**
 * Headless Chromium as the test machines allow it: no sandbox (it refuses to start as root), no GPU,
 * and none of its background network traffic (QUIC, component updates, sync).
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium is not installed')
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export type WatchedPage = { page: Page; problems: string[] }

export type PageOptions = {
  width?: number
  height?: number
  timezoneId?: string
  javaScriptEnabled?: boolean
  /** Touch events on (a phone's taps), for `locator.tap()`. */
  hasTouch?: boolean
}

/** A page in a context of its own that records every console error or warning and every uncaught exception. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(options.hasTouch ? { hasTouch: true } : {}),
  })
  const page = await context.newPage()
  return { page, problems: watchProblems(page) }
}

/** What a page logs as an error or a warning, and its uncaught errors: a test expects none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Browser tests that look at or change stored rows need Postgres too; without it they are skipped. */
export const chromiumAndPostgres = () => Boolean(chromiumPath() && inject('postgresAdminUrl'))
