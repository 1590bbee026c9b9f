import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath, launchBrowser, openPage } from '../helpers/browser'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { type RunningServer, startBuiltServer } from '../helpers/server'

describe.skipIf(!chromiumPath())('home page in Chromium', () => {
  let database: TestDatabase
  let server: RunningServer
  let browser: Browser

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    server = await startBuiltServer(database.url ? { DATABASE_URL: database.url } : {})
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await database?.drop()
  })

  it('loads, hydrates and logs no console error or hydration warning', async () => {
    const { page, problems } = await openPage(browser)
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    const response = await page.goto(`${server.url}/`, { waitUntil: 'networkidle' })
    expect(response?.status(), server.logs()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Setting Standards for Mild Hyperbaric Wellness',
    )
    expect(await page.getByTestId('testimonial-card').count()).toBe(3)
    // Hydrated: a client-side navigation happens without a document load.
    await page.evaluate(() => {
      ;(window as unknown as { marker: boolean }).marker = true
    })
    await page.getByRole('link', { name: 'Contact Us' }).last().click()
    await page.waitForURL(`${server.url}/contact`)
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
    expect(problems).toEqual([])
    // The admin is its own lazily loaded chunk: public pages never download its code.
    expect(requested.filter((url) => /\/assets\/admin[\w.-]*\.js$/.test(url))).toEqual([])
    expect(requested.some((url) => /\/assets\/entry-client-[\w-]+\.js$/.test(url))).toBe(true)
  })
})
