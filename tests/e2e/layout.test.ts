import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PATHS } from '../../src/shared/nav'
import { chromiumAndPostgres } from '../helpers/browser'
import { useStack } from './stack'
import { approachHeader, gotoHydrated, withoutInjectedFailures } from './support'

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
  const stack = useStack()

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true })
  })

  for (const width of [320, 344, 360, 375, 390]) {
    it(`at ${width} px the menu button is whole on screen, and no page scrolls sideways`, async () => {
      const { page, problems } = await stack.openPage({ width, height: 720 })
      // Every page at the narrowest width; the home page and the library (the widest content) at the others.
      for (const path of width === 320 ? PAGES : ['/', '/research']) {
        // As the server sends it (the native menu toggle: a visitor who has not touched the page yet
        // or has no JavaScript), then with the page's code (the drawer's button).
        await page.goto(`${stack.url}${path}`, { waitUntil: 'load' })
        for (const [state, toggle] of [
          ['as sent', page.locator('details:has(nav[aria-label="Mobile"]) > summary')],
          ['with code', page.getByRole('button', { name: 'Open navigation menu' })],
        ] as const) {
          if (state === 'with code') {
            await gotoHydrated(page, `${stack.url}${path}`)
            await approachHeader(page)
          }
          const box = await toggle.boundingBox()
          expect(box, `${path} ${state}`).not.toBeNull()
          expect(
            (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
            `${path} ${state}: ${JSON.stringify(box)}`,
          ).toBe(true)
          expect(await scrollsSideways(page), `${path} ${state}`).toBe(false)
        }
      }
      if (SHOTS) {
        await page.goto(`${stack.url}/`)
        await page.screenshot({ path: `${SHOTS}header-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } })
      }
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([])
    })
  }

  it('at 320 px the comparison tables scroll inside their own labelled region, reachable by keyboard', async () => {
    const { page, problems } = await stack.openPage({ width: 320, height: 720 })
    for (const path of ['/education', '/about/position-statement']) {
      await gotoHydrated(page, `${stack.url}${path}`)
      const region = page.getByRole('region', { name: /comparison table/i })
      await expect(region.getAttribute('tabindex')).resolves.toBe('0')
      const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }))
      expect(widths.scroll, path).toBeGreaterThan(widths.client)
      expect(await scrollsSideways(page), path).toBe(false)
      // Each row is headed by its first cell, for a screen reader reading across.
      expect(await region.locator('tbody tr').first().locator('th[scope="row"]').count(), path).toBe(1)
      await region.focus()
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => region.evaluate((element) => element.scrollLeft), { message: path }).toBeGreaterThan(0)
      if (SHOTS) await region.screenshot({ path: `${SHOTS}comparison-table-320${path.replaceAll('/', '-')}.png` })
    }
    expect(problems).toEqual([])
  })

  for (const width of [320, 390, 575, 576, 1280]) {
    it(`at ${width} px the pressure scale's labels on /education are at least 12 px, whole, inside the scale and apart`, async () => {
      const { page, problems } = await stack.openPage({ width, height: 900 })
      await page.goto(`${stack.url}/education`, { waitUntil: 'load' })
      const scale = page.getByTestId('pressure-scale')
      const measured = await scale.evaluate((figure) => {
        const frame = (figure.querySelector('[role="img"]') as HTMLElement).getBoundingClientRect()
        return [...figure.querySelectorAll<HTMLElement>('[role="img"] p')].map((label) => {
          const box = label.getBoundingClientRect()
          // The size a reader sees: the computed size times any scaling of the drawing around it.
          const lines = [...label.children].map((line) => {
            const element = line as HTMLElement
            const scaled = element.getBoundingClientRect().height / (element.offsetHeight || 1)
            return {
              text: element.textContent ?? '',
              px: Number.parseFloat(getComputedStyle(element).fontSize) * scaled,
              height: element.getBoundingClientRect().height,
            }
          })
          return {
            lines,
            box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
            inside: box.left >= frame.left - 1 && box.right <= frame.right + 1,
          }
        })
      })
      expect(measured.map((label) => label.lines.map((line) => line.text))).toEqual([
        ['1.3-1.5 ATA', 'common mild range'],
        ['2.4-6 ATA', 'medical hyperbaric oxygen'],
        ['1.0 ATA', 'sea level'],
        ['2.0 ATA', 'upper mild limit'],
      ])
      for (const label of measured) {
        for (const line of label.lines) {
          expect(line.px, line.text).toBeGreaterThanOrEqual(12)
          expect(line.height, line.text).toBeGreaterThanOrEqual(12)
        }
        expect(label.inside, label.lines[0]?.text).toBe(true)
      }
      // No two labels overlap.
      for (const [i, a] of measured.entries()) {
        for (const b of measured.slice(i + 1)) {
          const apart =
            a.box.right <= b.box.left ||
            b.box.right <= a.box.left ||
            a.box.bottom <= b.box.top ||
            b.box.bottom <= a.box.top
          expect(apart, `${a.lines[0]?.text} and ${b.lines[0]?.text}`).toBe(true)
        }
      }
      expect(await scrollsSideways(page)).toBe(false)
      // Still one image to a screen reader, named by its caption.
      expect(await page.getByRole('img', { name: /^Pressure scale \(stretched below 2\.4 ATA\)/ }).count()).toBe(1)
      if (SHOTS) await scale.screenshot({ path: `${SHOTS}pressure-scale-${width}.png` })
      expect(problems).toEqual([])
    })
  }

  for (const width of [1200, 1240, 1280, 1440]) {
    it(`at ${width} px the header is one row: the brand, every link and the search box, side by side inside the page`, async () => {
      // In this machine's system font (DejaVu Sans, wider than most): the widest the row gets.
      const { page } = await stack.openPage({ width, height: 600 })
      for (const withCode of [false, true]) {
        if (withCode) await gotoHydrated(page, `${stack.url}/research`)
        else await page.goto(`${stack.url}/research`, { waitUntil: 'load' })
        const header = page.getByTestId('site-header')
        // About is a native disclosure's summary until the deferred dropdown replaces it with a button
        // (lib/deferred-ui.ts): either must fit.
        const boxes = await header
          .locator('nav[aria-label="Main"] :is(a, button, summary), form[role="search"]')
          .evaluateAll((items) =>
            items
              .filter((item) => item.checkVisibility())
              .map((item) => {
                const box = item.getBoundingClientRect()
                return { left: box.left, right: box.right, top: box.top, bottom: box.bottom }
              }),
          )
        const state = withCode ? 'with code' : 'as sent'
        // Home, About, ten links (Registry among them since issue 37) and the search box.
        expect(boxes.length, state).toBe(13)
        const brand = await header.getByRole('link', { name: /home$/ }).evaluate((link) => {
          const box = link.getBoundingClientRect()
          return { right: box.right, top: box.top, bottom: box.bottom }
        })
        // Left to right without overlap, each whole inside the header's 72 px and the window.
        let left = brand.right
        for (const box of boxes) {
          expect(box.left, `${state} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(left)
          expect(box.top, state).toBeGreaterThanOrEqual(0)
          expect(box.bottom, state).toBeLessThanOrEqual(72)
          left = box.right
        }
        expect(left, state).toBeLessThanOrEqual(width)
        expect(brand.top, state).toBeGreaterThanOrEqual(0)
        expect(brand.bottom, state).toBeLessThanOrEqual(72)
        // One line each: no link wraps.
        const heights = boxes.slice(0, -1).map((box) => Math.round(box.bottom - box.top))
        expect(new Set(heights).size, state).toBe(1)
        expect(await scrollsSideways(page), state).toBe(false)
      }
      if (SHOTS) await page.screenshot({ path: `${SHOTS}header-${width}.png`, clip: { x: 0, y: 0, width, height: 90 } })
    })
  }

  describe('the fixed header never hides the field that has the focus', () => {
    const FIELDS = 'input:not([type=hidden]), textarea, select'
    /** The focused element's top, the header's bottom, and whether it is a form field or in the header. */
    const whereFocus = (page: Page) =>
      page.evaluate((fields) => {
        const element = document.activeElement as HTMLElement
        const header = document.querySelector('[data-testid="site-header"]') as HTMLElement
        return {
          name: element.getAttribute('name') ?? element.tagName,
          field: element.matches(fields),
          inHeader: element.closest('header') !== null,
          top: element.getBoundingClientRect().top,
          headerBottom: header.getBoundingClientRect().bottom,
        }
      }, FIELDS)

    for (const [width, height] of [
      [1280, 700],
      [390, 700],
    ] as const) {
      it(`at ${width} px a field reached by Tab, backwards from the page's end, is below the header`, async () => {
        const { page, problems } = await stack.openPage({ width, height })
        for (const path of ['/contact', '/share-your-experience']) {
          await gotoHydrated(page, `${stack.url}${path}`)
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          const seen: string[] = []
          for (let step = 0; step < 60; step += 1) {
            await page.keyboard.press('Shift+Tab')
            const focus = await whereFocus(page)
            if (focus.inHeader) break
            if (!focus.field) continue
            seen.push(focus.name)
            expect(focus.top, `${path} ${focus.name}`).toBeGreaterThanOrEqual(focus.headerBottom)
          }
          expect(seen, path).toContain('name')
        }
        expect(problems).toEqual([])
      })
    }

    for (const withCode of [true, false]) {
      it(`a failed send puts the focus on the first field to fix, below the header (${withCode ? 'with' : 'without'} the code)`, async () => {
        const { page, problems } = await stack.openPage({ width: 1280, height: 500 })
        if (withCode) await gotoHydrated(page, `${stack.url}/contact`)
        else await page.goto(`${stack.url}/contact`, { waitUntil: 'load' })
        // The Name field just under the header, the Send button in view below.
        const name = page.getByRole('textbox', { name: 'Name' })
        await name.evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().top - 30))
        expect((await whereFocus(page)).field).toBe(false)
        await page.getByRole('button', { name: /^Send/ }).click()
        // With the code, lib/focus-first-error.ts; without, the server's answer to the plain post
        // (a 400 with the messages, opened at the form: docs/decisions/030-forms-without-javascript.md).
        await expect.poll(async () => (await whereFocus(page)).name).toBe('name')
        const focus = await whereFocus(page)
        expect(focus.top).toBeGreaterThanOrEqual(focus.headerBottom)
        expect(withoutInjectedFailures(problems, 400)).toEqual([])
      })
    }
  })

  it('on a phone every form field has at least 16 px text (iOS zooms into smaller ones)', async () => {
    const { page } = await stack.openPage({ width: 390 })
    for (const path of ['/', '/contact', '/share-your-experience']) {
      await gotoHydrated(page, `${stack.url}${path}`)
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

  describe('where am I', () => {
    const style = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => {
        const css = getComputedStyle(element)
        return {
          underline: css.textDecorationLine.includes('underline'),
          weight: css.fontWeight,
          bg: css.backgroundColor,
        }
      })

    it('the About trigger is marked on the three About pages, and the current link is visibly marked', async () => {
      const { page } = await stack.openPage({ width: 1280 })
      const nav = page.getByRole('navigation', { name: 'Main' })
      const about = nav.getByRole('button', { name: /^About/ })
      for (const path of ['/about', '/about/mission-statement', '/about/position-statement']) {
        await gotoHydrated(page, `${stack.url}${path}`)
        await approachHeader(page)
        await page.mouse.move(640, 600)
        expect(await about.getAttribute('data-active'), path).toBe('true')
        expect((await style(about)).underline, path).toBe(true)
        expect(await nav.locator('[aria-current="page"]').count(), path).toBe(0)
      }
      await gotoHydrated(page, `${stack.url}/education`)
      await approachHeader(page)
      await page.mouse.move(640, 600)
      expect(await about.getAttribute('data-active')).toBeNull()
      expect((await style(about)).underline).toBe(false)
      const current = nav.locator('[aria-current="page"]')
      expect(await current.allTextContents()).toEqual(['Education'])
      expect((await style(current)).underline).toBe(true)
      expect((await style(nav.getByRole('link', { name: 'Benefits' }))).underline).toBe(false)
      // The footer's quick links say it too, and Home is current only on the home page.
      const footer = page.getByRole('contentinfo')
      expect(await footer.locator('[aria-current="page"]').allTextContents()).toEqual(['Education'])
      expect((await style(footer.getByRole('link', { name: 'Education' }))).weight).toBe('700')
    })

    it('the mobile drawer marks the current page, and only that one', async () => {
      const { page } = await stack.openPage({ width: 390 })
      await gotoHydrated(page, `${stack.url}/about/position-statement`)
      await approachHeader(page)
      await page.getByRole('button', { name: 'Open navigation menu' }).click()
      const drawer = page.getByRole('navigation', { name: 'Mobile' })
      await drawer.waitFor()
      const current = drawer.locator('[aria-current="page"]')
      expect(await current.allTextContents()).toEqual(['Position Statement'])
      const marked = await style(current)
      const plain = await style(drawer.getByRole('link', { name: 'About Us' }))
      expect(marked.bg).not.toBe(plain.bg)
      expect(marked.weight).toBe('700')
      if (SHOTS) await page.screenshot({ path: `${SHOTS}drawer-current-390.png` })
    })
  })

  describe('one grid', () => {
    /** The left edge of the first element matching each selector. */
    const lefts = (page: Page, selectors: Record<string, string>) =>
      page.evaluate((all) => {
        const out: Record<string, number> = {}
        for (const [name, selector] of Object.entries(all)) {
          const element = document.querySelector(selector)
          out[name] = element ? Math.round(element.getBoundingClientRect().left) : -1
        }
        return out
      }, selectors)

    for (const width of [1440, 1280, 1024, 390, 320]) {
      it(`at ${width} px the header, the hero text, the content and the footer start on one line`, async () => {
        const { page } = await stack.openPage({ width, height: 900 })
        await page.goto(`${stack.url}/`, { waitUntil: 'load' })
        const home = await lefts(page, {
          header: 'header a',
          hero: '[data-testid="hero"] h1',
          content: '#mission-heading',
          disclaimer: '[data-testid="disclaimer"]',
          footer: 'footer h2',
        })
        expect(new Set(Object.values(home)).size, JSON.stringify(home)).toBe(1)

        await page.goto(`${stack.url}/faq`, { waitUntil: 'load' })
        const faq = await lefts(page, {
          header: 'header a',
          hero: 'main h1',
          content: 'main section h2',
          questions: '[data-testid="faq-category-getting-started"]',
          disclaimer: '[data-testid="disclaimer"]',
          footer: 'footer h2',
        })
        expect(new Set(Object.values(faq)).size, JSON.stringify(faq)).toBe(1)
        // The questions' column is as wide as the disclaimer under it.
        const widths = await page.evaluate(() =>
          ['[data-testid="faq-category-getting-started"]', '[data-testid="disclaimer"]'].map((selector) =>
            Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? 0),
          ),
        )
        expect(widths[0]).toBe(widths[1])
        if (SHOTS && (width === 1280 || width === 390)) {
          await page.goto(`${stack.url}/`)
          await page.screenshot({ path: `${SHOTS}grid-home-${width}.png`, fullPage: true })
        }
      })
    }
  })
})
