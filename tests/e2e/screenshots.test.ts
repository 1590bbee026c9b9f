import { mkdir, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PATHS } from '../../src/shared/nav'
import { chromiumPath } from '../helpers/browser'
import { useStack } from './stack'
import { approachHeader, gotoHydrated } from './support'

/**
 * Full-page screenshots of every route at 1280 and 390 px, for a person to look at:
 *   SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/screenshots.test.ts
 * They land in tests/.artifacts/screens/ (or SCREENSHOTS=/some/dir) as {route}-{width}.png, with
 * viewport-high slices of each page in parts/ that are easier to read than one very tall image.
 */
const OUT = process.env.SCREENSHOTS?.startsWith('/')
  ? `${process.env.SCREENSHOTS.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../.artifacts/screens/', import.meta.url))

const ROUTES = [...PUBLIC_PATHS, '/no-such-page']

const slug = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/\//g, '_'))

describe.skipIf(!chromiumPath() || !process.env.SCREENSHOTS)('screenshots of every page', () => {
  const stack = useStack()

  beforeAll(async () => {
    await rm(OUT, { recursive: true, force: true })
    await mkdir(`${OUT}parts`, { recursive: true })
  })

  for (const width of [1280, 390]) {
    it(`saves every route at ${width} px`, { timeout: 180_000 }, async () => {
      const height = width > 500 ? 900 : 844
      const { page, problems } = await stack.openPage({ width, height })
      for (const route of ROUTES) {
        await gotoHydrated(page, `${stack.url}${route}`)
        const name = `${slug(route)}-${width}`
        await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true, animations: 'disabled' })
        const total = await page.evaluate(() => document.documentElement.scrollHeight)
        const sliceHeight = width > 500 ? 1000 : 1400
        for (let top = 0, n = 1; top < total; top += sliceHeight, n += 1) {
          await page.screenshot({
            path: `${OUT}parts/${name}-${n}.png`,
            fullPage: true,
            clip: { x: 0, y: top, width, height: Math.min(sliceHeight, total - top) },
            animations: 'disabled',
          })
        }
        // Nothing may stick out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(width)
      }
      expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([])
    })
  }

  it('saves the open menus, a toast and the contact form errors', async () => {
    const desktop = await stack.openPage()
    await gotoHydrated(desktop.page, `${stack.url}/`)
    await approachHeader(desktop.page)
    await desktop.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About' }).click()
    await desktop.page.getByRole('menu').waitFor()
    await desktop.page.waitForTimeout(400)
    await desktop.page.screenshot({ path: `${OUT}state-about-menu-1280.png` })

    const mobile = await stack.openPage({ width: 390, height: 844 })
    await gotoHydrated(mobile.page, `${stack.url}/`)
    await approachHeader(mobile.page)
    await mobile.page.getByRole('button', { name: 'Open navigation menu' }).click()
    await mobile.page.getByRole('dialog').waitFor()
    await mobile.page.waitForTimeout(400)
    await mobile.page.screenshot({ path: `${OUT}state-drawer-390.png` })
    await mobile.page.keyboard.press('Escape')

    await mobile.page.getByRole('textbox', { name: 'Email address' }).fill('screens@example.org')
    await mobile.page.getByRole('button', { name: 'Subscribe' }).click()
    await mobile.page.locator('[data-toast-id]').waitFor()
    await mobile.page.waitForTimeout(400)
    await mobile.page.screenshot({ path: `${OUT}state-toast-390.png` })

    await gotoHydrated(mobile.page, `${stack.url}/contact`)
    await mobile.page.getByRole('button', { name: 'Send Message' }).click()
    await mobile.page.getByText('Name must be at least 2 characters').waitFor()
    await mobile.page.getByRole('region', { name: 'Send Us a Message' }).screenshot({
      path: `${OUT}state-contact-errors-390.png`,
    })
    expect([...desktop.problems, ...mobile.problems]).toEqual([])
  })

  it('saves the news: the list, a post with a table and a link, and the home page, at 1280, 390 and 320 px', async () => {
    await stack.sql`
      insert into posts (slug, title, summary, body, status, publish_at, published_at) values
        ('pressures-in-accredited-facilities', 'Pressures in accredited facilities, compared chamber by chamber',
         'What the council found when it compared the pressures used across accredited facilities.',
         ${NEWS_BODY}, 'published', now() - interval '1 hour', now() - interval '1 hour'),
        ('a-shorter-update', 'A shorter update', 'Two new standards are open for comment.', 'Comments are open.',
         'published', now() - interval '3 days', now() - interval '3 days')`
    const problems: string[] = []
    for (const width of [1280, 390, 320]) {
      const watched = await stack.openPage({ width, height: width > 500 ? 900 : 844 })
      for (const route of ['/news', '/news/pressures-in-accredited-facilities', '/']) {
        await gotoHydrated(watched.page, `${stack.url}${route}`)
        await watched.page.screenshot({
          path: `${OUT}news-${slug(route).replace(/^news_?/, '') || 'list'}-${width}.png`,
          fullPage: true,
          animations: 'disabled',
        })
        expect(await watched.page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(
          width,
        )
      }
      problems.push(...watched.problems)
    }
    expect(problems).toEqual([])
  })
})

const NEWS_BODY = [
  'The council compared the pressures used in [accredited facilities](https://example.org/facilities).',
  '',
  '## What we found',
  '',
  '| Chamber | Pressure | Session length | Sessions a week |',
  '| --- | --- | --- | --- |',
  '| Monoplace | 2.0 ATA | 60 minutes | 5 |',
  '| Multiplace | 2.4 ATA | 90 minutes | 3 |',
  '| Soft-sided | 1.3 ATA | 60 minutes | 7 |',
  '',
  'Read the [safety guidance](https://example.org/safety) before a first session, and a long link: https://example.org/a/very/long/path/that/does/not/break/easily/in/a/narrow/column.',
].join('\n')
