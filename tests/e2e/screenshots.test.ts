import { mkdir, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PATHS } from '../../src/shared/nav'
import { chromiumPath, openPage } from '../helpers/browser'
import { gotoHydrated, type Stack, startStack } from './support'

/**
 * Full-page screenshots of every route at 1280 and 390 px, for a person to look at:
 *   SCREENSHOTS=1 npx vitest run --project e2e tests/e2e/screenshots.test.ts
 * They land in tests/.artifacts/screens/ ({route}-{width}.png), with viewport-high slices of each
 * page in parts/ that are easier to read than one very tall image.
 */
const OUT = fileURLToPath(new URL('../.artifacts/screens/', import.meta.url))

const ROUTES = [...PUBLIC_PATHS, '/no-such-page']

const slug = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/\//g, '_'))

describe.skipIf(!chromiumPath() || !process.env.SCREENSHOTS)('screenshots of every page', () => {
  let stack: Stack

  beforeAll(async () => {
    stack = await startStack()
    await rm(OUT, { recursive: true, force: true })
    await mkdir(`${OUT}parts`, { recursive: true })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  for (const width of [1280, 390]) {
    it(`saves every route at ${width} px`, { timeout: 180_000 }, async () => {
      const height = width > 500 ? 900 : 844
      const { page, problems } = await openPage(stack.browser, { width, height })
      for (const route of ROUTES) {
        await gotoHydrated(page, `${stack.server.url}${route}`)
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
    const desktop = await openPage(stack.browser)
    await gotoHydrated(desktop.page, `${stack.server.url}/`)
    await desktop.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About' }).click()
    await desktop.page.getByRole('menu').waitFor()
    await desktop.page.waitForTimeout(400)
    await desktop.page.screenshot({ path: `${OUT}state-about-menu-1280.png` })

    const mobile = await openPage(stack.browser, { width: 390, height: 844 })
    await gotoHydrated(mobile.page, `${stack.server.url}/`)
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

    await gotoHydrated(mobile.page, `${stack.server.url}/contact`)
    await mobile.page.getByRole('button', { name: 'Send Message' }).click()
    await mobile.page.getByText('Name must be at least 2 characters').waitFor()
    await mobile.page.getByRole('region', { name: 'Send Us a Message' }).screenshot({
      path: `${OUT}state-contact-errors-390.png`,
    })
    expect([...desktop.problems, ...mobile.problems]).toEqual([])
  })
})
