import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testimonials } from '../../src/db/schema'
import { TESTIMONIALS_ON_HOME } from '../../src/shared/constants'
import { chromiumAndPostgres, chromiumPath, launchBrowser, openPage } from '../helpers/browser'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { type RunningServer, startBuiltServer } from '../helpers/server'
import { gotoHydrated } from './support'

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
    const response = await gotoHydrated(page, `${server.url}/`)
    expect(response?.status(), server.logs()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Setting Standards for Mild Hyperbaric Wellness',
    )
    // A fresh database has no testimonials: the section keeps its heading and the way to share one,
    // with no empty grid.
    const section = page.getByRole('region', { name: 'What People Say' })
    expect(await section.getByTestId('testimonial-card').count()).toBe(0)
    expect(await section.locator('.mantine-SimpleGrid-root').count()).toBe(0)
    expect(await section.getByRole('link', { name: 'Share your experience' }).getAttribute('href')).toBe(
      '/share-your-experience',
    )
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

  // The server's own database is reachable from here only on Postgres (on PGlite it is in-process).
  it.skipIf(!chromiumAndPostgres())(
    'shows the newest approved testimonials, at most three, and never a pending one',
    async () => {
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
      await database.handle.db.insert(testimonials).values([
        {
          name: 'Test Author One',
          testimonial: 'Placeholder testimonial one.',
          isApproved: true,
          createdAt: minutesAgo(4),
        },
        {
          name: 'Test Author Two',
          location: 'Test Town',
          testimonial: 'Placeholder testimonial two.',
          isApproved: true,
          createdAt: minutesAgo(3),
        },
        {
          name: 'Test Author Three',
          testimonial: 'Placeholder testimonial three.',
          isApproved: true,
          createdAt: minutesAgo(2),
        },
        {
          name: 'Test Author Four',
          testimonial: 'Placeholder testimonial four.',
          isApproved: true,
          createdAt: minutesAgo(1),
        },
        { name: 'Test Author Pending', testimonial: 'Placeholder testimonial waiting.', isApproved: false },
      ])
      const { page, problems } = await openPage(browser)
      await page.goto(`${server.url}/`, { waitUntil: 'load' })
      const cards = page.getByTestId('testimonial-card')
      expect(await cards.count()).toBe(TESTIMONIALS_ON_HOME)
      expect(await cards.locator('figcaption').allTextContents()).toEqual([
        'TTest Author Four',
        'TTest Author Three',
        'TTest Author TwoTest Town',
      ])
      await page
        .getByRole('region', { name: 'What People Say' })
        .getByRole('link', { name: 'Share your experience' })
        .waitFor()
      expect(problems).toEqual([])
    },
  )
})
