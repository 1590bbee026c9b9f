import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PATHS } from '../../src/shared/nav'
import { chromiumAndPostgres, openPage } from '../helpers/browser'
import { gotoHydrated, type Stack, startStack } from './support'

/** Screenshots for a person to look at, with SCREENSHOTS=1 (as in screenshots.test.ts). */
const SHOTS = process.env.SCREENSHOTS ? fileURLToPath(new URL('../.artifacts/screens/', import.meta.url)) : null

/** Every public page and the not-found page, which share the frame. */
const PAGES = [...PUBLIC_PATHS, '/no-such-page']

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/**
 * The site at every width a visitor brings, from a 320 px phone (WCAG 1.4.10, reflow) to a desktop,
 * as docs/product.md#shared-frame describes the frame.
 */
describe.skipIf(!chromiumAndPostgres())('every width, from 320 px up', () => {
  let stack: Stack

  beforeAll(async () => {
    stack = await startStack()
    if (SHOTS) await mkdir(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  for (const width of [320, 344, 360, 375, 390]) {
    it(`at ${width} px the menu button is whole on screen, and no page scrolls sideways`, async () => {
      const { page, problems } = await openPage(stack.browser, { width, height: 720 })
      // Every page at the narrowest width; the home page and the library (the widest content) at the others.
      for (const path of width === 320 ? PAGES : ['/', '/research']) {
        await page.goto(`${stack.server.url}${path}`, { waitUntil: 'networkidle' })
        const burger = page.getByRole('button', { name: 'Open navigation menu' })
        const box = await burger.boundingBox()
        expect(box, path).not.toBeNull()
        expect(
          (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
          `${path}: ${JSON.stringify(box)}`,
        ).toBe(true)
        expect(await scrollsSideways(page), path).toBe(false)
      }
      if (SHOTS) {
        await page.goto(`${stack.server.url}/`)
        await page.screenshot({ path: `${SHOTS}header-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } })
      }
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([])
    })
  }

  for (const width of [1200, 1240, 1280]) {
    it(`at ${width} px every header link sits inside the page`, async () => {
      const { page } = await openPage(stack.browser, { width, height: 600 })
      await page.goto(`${stack.server.url}/research`, { waitUntil: 'networkidle' })
      const nav = page.getByRole('navigation', { name: 'Main' })
      const rights = await nav
        .locator('a, button')
        .evaluateAll((items) =>
          items.filter((item) => item.checkVisibility()).map((item) => item.getBoundingClientRect().right),
        )
      expect(rights.length).toBe(9)
      expect(Math.max(...rights)).toBeLessThanOrEqual(width)
      expect(await scrollsSideways(page)).toBe(false)
    })
  }

  it('on a phone every form field has at least 16 px text (iOS zooms into smaller ones)', async () => {
    const { page } = await openPage(stack.browser, { width: 390 })
    for (const path of ['/', '/contact', '/share-your-experience']) {
      await gotoHydrated(page, `${stack.server.url}${path}`)
      const sizes = await page
        .locator('main input:not([type=hidden]):not([type=checkbox]), main textarea, main select')
        .evaluateAll((fields) =>
          fields
            .filter((field) => field.checkVisibility())
            .map((field) => [
              field.getAttribute('name') ?? field.id,
              Number.parseFloat(getComputedStyle(field).fontSize),
            ]),
        )
      expect(sizes.length, path).toBeGreaterThan(0)
      for (const [field, size] of sizes) expect(size, `${path} ${field}`).toBeGreaterThanOrEqual(16)
    }
  })
})
