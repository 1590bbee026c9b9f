import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { testimonials } from '../../src/db/schema'
import { createDraft, getStandard, openReview, withdrawVersion } from '../../src/server/services/standards'
import { TESTIMONIALS_ON_HOME } from '../../src/shared/constants'
import { standardKey } from '../../src/shared/schemas/standards'
import { chromiumAndPostgres, chromiumPath } from '../helpers/browser'
import { useStack } from './stack'
import { gotoHydrated, sleep } from './support'

/** Screenshots for a person to look at, with SCREENSHOTS=1 (as in screenshots.test.ts). */
const SHOTS = process.env.SCREENSHOTS ? fileURLToPath(new URL('../.artifacts/screens/', import.meta.url)) : null

describe.skipIf(!chromiumPath())('home page in Chromium', () => {
  const stack = useStack()

  it('loads, hydrates and logs no console error or hydration warning', async () => {
    const { page, problems } = await stack.openPage()
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    const response = await gotoHydrated(page, `${stack.url}/`)
    expect(response?.status(), stack.server.logs()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Setting Standards for Mild Hyperbaric Wellness',
    )
    // A fresh database has no testimonials: the section keeps its heading and the way to share one,
    // with no empty grid.
    const section = page.getByRole('region', { name: 'What People Say' })
    expect(await section.getByTestId('testimonial-card').count()).toBe(0)
    expect(await section.getByTestId('testimonial-grid').count()).toBe(0)
    expect(await section.getByRole('link', { name: 'Share your experience' }).getAttribute('href')).toBe(
      '/share-your-experience',
    )
    // Hydrated: a client-side navigation happens without a document load.
    await page.evaluate(() => {
      ;(window as unknown as { marker: boolean }).marker = true
    })
    await page.getByRole('link', { name: 'Contact Us' }).last().click()
    await page.waitForURL(`${stack.url}/contact`)
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
      await stack.database.handle.db.insert(testimonials).values([
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
      const { page, problems } = await stack.openPage()
      await page.goto(`${stack.url}/`, { waitUntil: 'load' })
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

  // The notice reads the standards the server's database holds: reachable from here only on Postgres.
  it.skipIf(!chromiumAndPostgres())(
    'says when a standard is in public review, with the way to its draft, and nothing when none is',
    async () => {
      const db = stack.database.handle.db
      const editor = { email: 'editor@example.org' }
      const day = 24 * 60 * 60 * 1000
      const { page, problems } = await stack.openPage()
      const notice = page.getByTestId('review-notice')
      /** The home page as a visitor opens it, until `shown` says what it must (a change reaches the kept page within moments). */
      const untilNotice = async (shown: boolean) => {
        for (let attempt = 0; attempt < 40; attempt += 1) {
          await page.goto(`${stack.url}/`, { waitUntil: 'load' })
          if ((await notice.count()) === (shown ? 1 : 0)) return
          await sleep(250)
        }
        throw new Error(`the home page never ${shown ? 'showed' : 'dropped'} the review notice`)
      }

      await untilNotice(false)
      // A review whose closing date has passed is not open for comment: no notice for it.
      const closed = 'MHBOT-SC/G-004'
      await createDraft(db, editor, closed, { version: '1.1', changeSummary: 'A shorter guide.' })
      await openReview(
        db,
        editor,
        closed,
        '1.1',
        { closesAt: new Date(Date.now() - 2 * day) },
        14,
        new Date(Date.now() - 30 * day),
      )
      // One open now.
      const open = 'MHBOT-SC/G-003'
      const { title } = await getStandard(db, open)
      await createDraft(db, editor, open, { version: '1.1', changeSummary: 'A clearer checklist.' })
      const review = await openReview(db, editor, open, '1.1', { closesAt: new Date(Date.now() + 20 * day) })
      const closes = (review.reviewClosesAt ?? new Date()).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })

      await untilNotice(true)
      expect(await notice.getByRole('heading', { level: 2 }).textContent()).toBe('Public review')
      const items = notice.getByRole('listitem')
      expect(await items.count()).toBe(1)
      const text = (await items.innerText()).replace(/\s+/g, ' ')
      expect(text).toContain(`${title} (${open}), version 1.1, is open for comment until ${closes}.`)
      const link = notice.getByRole('link', { name: 'Read the draft and comment' })
      expect(await link.getAttribute('href')).toBe(`/standards/${standardKey(open)}/v/1.1`)
      // Right under the hero, where a visitor looks first.
      const order = await page.evaluate(() => {
        const hero = document.querySelector('[data-testid="hero"]')
        return hero?.nextElementSibling?.getAttribute('data-testid')
      })
      expect(order).toBe('review-notice')
      if (SHOTS) {
        await mkdir(SHOTS, { recursive: true })
        for (const width of [1280, 390, 320]) {
          await page.setViewportSize({ width, height: 900 })
          await notice.scrollIntoViewIfNeeded()
          await page.screenshot({ path: `${SHOTS}home-review-notice-${width}.png` })
        }
        await page.setViewportSize({ width: 1280, height: 900 })
      }
      await link.click()
      await page.waitForURL(`${stack.url}/standards/${standardKey(open)}/v/1.1`)

      // Withdrawn: the notice goes.
      await withdrawVersion(db, editor, open, '1.1')
      await untilNotice(false)
      expect(problems).toEqual([])
    },
  )
})
