import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE } from '../../src/shared/site'
import { chromiumAndPostgres } from '../helpers/browser'
import { useStack } from './stack'
import { approachHeader, focused, gotoHydrated, isHydrated, reachFor, sleep, untilHydrated } from './support'

/**
 * The header: Home, the About dropdown, then these in order (docs/product.md#shared-frame), with
 * Standards and News added (docs/decisions/041-header-at-every-scroll-position.md), and the Registry
 * beside Standards (issue 37).
 */
const HEADER_LINKS = [
  ['Education', '/education'],
  ['Benefits', '/benefits'],
  ['Safety & Standards', '/safety'],
  ['Research', '/research'],
  ['Resources', '/resources'],
  ['Standards', '/standards'],
  ['Registry', '/registry'],
  ['News', '/news'],
  ['FAQ', '/faq'],
  ['Contact', '/contact'],
] as const

const ABOUT_LINKS = [
  ['About Us', '/about', 'About Us'],
  ['Mission Statement', '/about/mission-statement', 'Mission Statement'],
  ['Position Statement', '/about/position-statement', null],
] as const

const QUICK_LINKS = ['/', '/about', '/education', '/benefits', '/safety', '/faq', '/contact']

const headerState = (page: Page) => page.getByTestId('site-header').getAttribute('data-transparent')

/** The header's look as painted: its text colour and background, whatever set them (a class, the scroll). */
const headerLook = (page: Page) =>
  page.getByTestId('site-header').evaluate((header) => {
    const style = getComputedStyle(header)
    return { color: style.color, background: style.backgroundColor, position: style.position }
  })
const SOLID = { color: 'rgb(31, 31, 31)', background: 'rgba(255, 255, 255, 0.92)', position: 'fixed' }
const TRANSPARENT = { color: 'rgb(255, 255, 255)', background: 'rgba(0, 0, 0, 0)', position: 'fixed' }

/** Whether the page's code has been started (the loader adds the entry's module script when it does). */
const codeStarted = (page: Page) => page.evaluate(() => document.querySelector('script[type="module"]') !== null)

describe.skipIf(!chromiumAndPostgres())('shared frame: header, footer, skip link, 404 and toasts', () => {
  const stack = useStack()

  it('header has every link of the spec, in the main navigation', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/education`)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).resolves.toBe('/')
    await approachHeader(page)
    await expect(nav.getByRole('button', { name: 'About' }).isVisible()).resolves.toBe(true)
    for (const [name, href] of HEADER_LINKS) {
      const link = nav.getByRole('link', { name, exact: true })
      expect(await link.count(), name).toBe(1)
      expect(await link.getAttribute('href'), name).toBe(href)
      expect(await link.isVisible(), name).toBe(true)
    }
    // The search box itself is in the header, beside the links, before and after the code: no
    // magnifier to open first.
    const box = page.getByTestId('site-header').getByRole('searchbox', { name: 'Search the site' })
    expect(await box.isVisible()).toBe(true)
    expect(await page.getByTestId('site-header').locator('summary').filter({ visible: true }).count()).toBe(0)
    // The header is fixed to the top.
    const position = await page
      .getByTestId('site-header')
      .evaluate((header) => ({ position: getComputedStyle(header).position, top: header.getBoundingClientRect().top }))
    expect(position).toEqual({ position: 'fixed', top: 0 })
    expect(problems).toEqual([])
  })

  it('About dropdown opens on hover and on click, and its three links navigate', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/education`)
    await approachHeader(page)
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About' })

    expect(await page.getByRole('menu').count()).toBe(0)
    await about.hover()
    await page.getByRole('menu').waitFor()
    expect(await about.getAttribute('aria-expanded')).toBe('true')
    await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual(ABOUT_LINKS.map(([label]) => label))

    for (const [label, path, heading] of ABOUT_LINKS) {
      await page.mouse.move(0, 600)
      await about.click()
      const item = page.getByRole('menuitem', { name: label })
      await item.waitFor()
      expect(await item.getAttribute('href')).toBe(path)
      await item.click()
      await page.waitForURL(`${stack.url}${path}`)
      const h1 = () => page.getByRole('heading', { level: 1 }).textContent()
      await expect.poll(h1).toMatch(heading ?? /position statement/i)
      await page.getByRole('menu').waitFor({ state: 'detached' })
    }
    expect(problems).toEqual([])
  })

  it('About dropdown works from the keyboard: Tab to it, Enter or ArrowDown, arrows, Enter', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/education`)
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About' })

    // Tabbing into the header fetches the dropdown's code (decision 033); the About control is the
    // native disclosure until it is here, then the dropdown's button, which takes the focus over.
    let reached = false
    for (let n = 0; n < 8 && !reached; n += 1) {
      await page.keyboard.press('Tab')
      reached = /^About/.test((await focused(page)).text)
    }
    expect(reached, 'the About control is reachable with Tab').toBe(true)
    await expect.poll(() => about.evaluate((element) => element === document.activeElement)).toBe(true)

    // Enter opens the menu on its first item; the arrow keys move through the items; Escape closes
    // and returns focus to the button.
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    await expect.poll(async () => (await focused(page)).text).toBe('About Us')
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).text).toBe('Mission Statement')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    expect(await about.evaluate((element) => element === document.activeElement)).toBe(true)

    // ArrowDown on the closed button opens the menu too (WAI-ARIA menu button pattern).
    await page.keyboard.press('ArrowDown')
    await page.getByRole('menu').waitFor()
    await expect.poll(async () => (await focused(page)).text).toBe('About Us')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).text).toBe('Position Statement')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${stack.url}/about/position-statement`)
    expect(problems).toEqual([])
  })

  it('on the home page the header is transparent until scrolled more than 20 px', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/`)
    expect(await headerState(page)).toBe('true')
    expect(await headerLook(page)).toEqual(TRANSPARENT)
    const blur = () => page.getByTestId('site-header').evaluate((header) => getComputedStyle(header).backdropFilter)
    expect(await blur()).toBe('none')

    for (const y of [10, 20]) {
      await page.evaluate((to) => window.scrollTo(0, to), y)
      await page.waitForTimeout(150)
      expect(await headerLook(page), `at ${y} px`).toEqual(TRANSPARENT)
    }
    for (const y of [21, 30]) {
      await page.evaluate((to) => window.scrollTo(0, to), y)
      // Solid: an opaque-enough background, blurred, with dark text.
      await expect.poll(() => headerLook(page), { message: `at ${y} px` }).toEqual(SOLID)
      expect(await blur()).toContain('blur')
    }

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => headerLook(page)).toEqual(TRANSPARENT)
    expect(problems).toEqual([])
  })

  it('on the home page a wheel scroll before the code has started makes the header solid, and back at the top transparent', async () => {
    // docs/decisions/041-header-at-every-scroll-position.md: no pointer move, no key, no touch, so
    // the page's code never starts (decision 032); the stylesheet alone follows the scroll.
    const { page, problems } = await stack.openPage()
    await page.goto(`${stack.url}/`, { waitUntil: 'load' })
    expect(await headerLook(page)).toEqual(TRANSPARENT)
    await page.mouse.wheel(0, 10)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(10)
    expect(await headerLook(page)).toEqual(TRANSPARENT)
    await page.mouse.wheel(0, 590)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
    await expect.poll(() => headerLook(page)).toEqual(SOLID)
    expect(await codeStarted(page)).toBe(false)
    expect(await isHydrated(page)).toBe(false)
    // The script never ran: the server's attribute still says transparent, and the page reads solid.
    expect(await headerState(page)).toBe('true')

    // The code arriving mid-page changes nothing on screen: every frame from the reach until the
    // page has hydrated paints the header solid.
    await page.evaluate(() => {
      const seen = new Set<string>()
      ;(window as unknown as { seen: Set<string> }).seen = seen
      const header = document.querySelector('[data-testid="site-header"]') as HTMLElement
      const look = () => {
        const style = getComputedStyle(header)
        seen.add(`${style.color} ${style.backgroundColor}`)
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
    await reachFor(page)
    await untilHydrated(page)
    await sleep(500)
    const seen = await page.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen])
    expect(seen).toEqual([`${SOLID.color} ${SOLID.background}`])
    expect(problems).toEqual([])
  })

  it('without JavaScript the home header is transparent over the hero and solid once scrolled', async () => {
    const { page, problems } = await stack.openPage({ javaScriptEnabled: false })
    await page.goto(`${stack.url}/`, { waitUntil: 'load' })
    expect(await headerLook(page)).toEqual(TRANSPARENT)
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
    await expect.poll(() => headerLook(page)).toEqual(SOLID)
    // The logo's disc is its own blue again, without the white rim it wears over the hero.
    const mark = () =>
      page
        .getByTestId('site-header')
        .locator('svg')
        .first()
        .evaluate((svg) => ({
          disc: getComputedStyle(svg).getPropertyValue('--logo-disc').trim(),
          rim: getComputedStyle(svg).boxShadow,
        }))
    expect((await mark()).disc).toBe('#00538b')
    await page.mouse.wheel(0, -600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect.poll(() => headerLook(page)).toEqual(TRANSPARENT)
    expect((await mark()).rim).toContain('rgb(255, 255, 255)')
    expect(problems).toEqual([])
  })

  it('where the browser has no scroll-driven animations, the transparent header scrolls away with the hero until the code watches', async () => {
    const { page, problems } = await stack.openPage()
    // The stylesheet as such a browser reads it: its @supports test for them fails; and the script
    // asks the same question.
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS) as (condition: string, value?: string) => boolean
      CSS.supports = ((condition: string, value?: string) =>
        condition.includes('animation-timeline') ? false : supports(condition, value)) as typeof CSS.supports
    })
    await page.route('**/assets/*.css', async (route) => {
      const response = await route.fetch()
      const css = (await response.text()).replaceAll('animation-timeline:scroll())', 'display:no-such-value)')
      await route.fulfill({ response, body: css })
    })
    await page.goto(`${stack.url}/`, { waitUntil: 'load' })
    const top = () => page.getByTestId('site-header').evaluate((header) => header.getBoundingClientRect().top)
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
    // Gone with the hero: never white words over the white page below it.
    expect(await top()).toBe(-600)
    expect(await codeStarted(page)).toBe(false)
    // Once the code runs the header is fixed again, and solid down here.
    await reachFor(page)
    await untilHydrated(page)
    await expect.poll(() => headerLook(page)).toEqual(SOLID)
    expect(await top()).toBe(0)
    expect(problems).toEqual([])
  })

  it('on other pages the header is solid at the top', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/education`)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await headerState(page)).toBe('false')
    // Navigating client-side from the home page to another page makes it solid as well.
    await gotoHydrated(page, `${stack.url}/`)
    expect(await headerState(page)).toBe('true')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Benefits' }).click()
    await page.waitForURL(`${stack.url}/benefits`)
    await expect.poll(() => headerState(page)).toBe('false')
    expect(problems).toEqual([])
  })

  it('at 390 px a menu toggle opens the drawer, and choosing a link navigates and closes it', async () => {
    const { page, problems } = await stack.openPage({ width: 390, height: 844 })
    await gotoHydrated(page, `${stack.url}/`)
    await approachHeader(page)
    // The desktop links are hidden; the toggle is shown.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Education' }).count()).toBe(
      0,
    )
    const toggle = page.getByRole('button', { name: 'Open navigation menu' })
    expect(await toggle.isVisible()).toBe(true)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    // No horizontal overflow at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await toggle.click()
    const drawer = page.getByRole('dialog')
    await drawer.waitFor()
    expect(await page.getByRole('button', { name: 'Close navigation menu' }).getAttribute('aria-expanded')).toBe('true')
    const mobileNav = drawer.getByRole('navigation', { name: 'Mobile' })
    const expected = [['Home', '/'], ...ABOUT_LINKS.map(([label, path]) => [label, path]), ...HEADER_LINKS]
    for (const [name, href] of expected) {
      expect(await mobileNav.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href)
    }

    await mobileNav.getByRole('link', { name: 'Safety & Standards' }).click()
    await page.waitForURL(`${stack.url}/safety`)
    await drawer.waitFor({ state: 'hidden' })
    expect(await page.getByRole('button', { name: 'Open navigation menu' }).getAttribute('aria-expanded')).toBe('false')

    // Again from a sub-page of About.
    await page.getByRole('button', { name: 'Open navigation menu' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Mission Statement' }).click()
    await page.waitForURL(`${stack.url}/about/mission-statement`)
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
  })

  it('at 390 px the menu sent by the server lists every header link, Standards and News included, and the search box', async () => {
    const { page, problems } = await stack.openPage({ width: 390, height: 844 })
    await page.goto(`${stack.url}/education`, { waitUntil: 'load' })
    // The header's own search box is for wide screens; here it is in the menu.
    expect(await page.getByTestId('site-header').getByRole('searchbox').count()).toBe(0)
    await page.locator('details:has(nav[aria-label="Mobile"]) > summary').click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.waitFor()
    const links = await menu
      .getByRole('link')
      .evaluateAll((all) => all.map((link) => [link.textContent, link.getAttribute('href')]))
    expect(links).toEqual([['Home', '/'], ...ABOUT_LINKS.map(([label, path]) => [label, path]), ...HEADER_LINKS])
    expect(await page.getByTestId('site-header').getByRole('searchbox', { name: 'Search the site' }).isVisible()).toBe(
      true,
    )
    expect(problems).toEqual([])
  })

  it('the menus’, toasts’ and tRPC link’s code comes when the visitor approaches the header or a form, not before', async () => {
    // docs/decisions/033-deferred-code-on-approach.md
    const { page, problems } = await stack.openPage({ width: 390, height: 844 })
    const fetched = new Set<string>()
    page.on('request', (request) => {
      const chunk = /\/assets\/(deferred-ui|trpc-http)-[^/]+\.js$/.exec(request.url())?.[1]
      if (chunk) fetched.add(chunk)
    })
    // The page's code runs (a key was pressed), a scroll and a pointer over the text: neither.
    await gotoHydrated(page, `${stack.url}/`)
    await page.mouse.move(200, 700)
    await page.mouse.wheel(0, 600)
    await sleep(500)
    expect([...fetched]).toEqual([])
    // The newsletter form, approached by keyboard focus: both, and its toast works.
    const email = page.getByRole('textbox', { name: 'Email address' })
    await email.focus()
    await expect.poll(() => [...fetched].sort()).toEqual(['deferred-ui', 'trpc-http'])
    await email.fill('approach@example.org')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.locator('[data-toast-id]').waitFor()

    // Elsewhere, the header approached by a finger on the native menu: the drawer takes over once
    // the visitor closes it.
    const other = await stack.openPage({ width: 390, height: 844 })
    await gotoHydrated(other.page, `${stack.url}/education`)
    expect(await other.page.getByRole('button', { name: 'Open navigation menu' }).count()).toBe(0)
    const toggle = other.page.locator('details:has(nav[aria-label="Mobile"]) > summary')
    await toggle.click()
    await other.page.getByRole('navigation', { name: 'Mobile' }).waitFor()
    await sleep(500)
    await toggle.click()
    await other.page.getByRole('button', { name: 'Open navigation menu' }).waitFor()
    expect([...problems, ...other.problems]).toEqual([])
  })

  it('footer has three columns, the quick links, the disclaimer and this year’s copyright', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/about`)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual([
      'Mild Hyperbaric Oxygen Standards Council',
      'Quick Links',
      'Medical Disclaimer',
    ])
    const quick = await footer
      .locator('ul')
      .first()
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(quick).toEqual(QUICK_LINKS)
    expect(await footer.textContent()).toContain(DEFAULT_SITE.disclaimer)
    expect(await footer.textContent()).toContain(
      `© ${new Date().getFullYear()} Mild Hyperbaric Oxygen Standards Council`,
    )

    // The three columns sit side by side on a wide screen.
    const tops = await footer
      .getByRole('heading', { level: 2 })
      .evaluateAll((headings) => headings.map((heading) => Math.round(heading.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)

    await footer.getByRole('link', { name: 'FAQ' }).click()
    await page.waitForURL(`${stack.url}/faq`)
    expect(problems).toEqual([])
  })

  it('the first Tab focuses "Skip to main content", which moves focus to the main content', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/benefits`)
    await page.keyboard.press('Tab')
    const first = await focused(page)
    expect(first).toMatchObject({ tag: 'a', text: 'Skip to main content' })
    const box = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox()
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0)
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).id).toBe('main-content')
    expect(problems).toEqual([])
  })

  it('an unknown path answers 404 with the not-found page, kept out of search engines', async () => {
    const { page, problems } = await stack.openPage()
    const response = await gotoHydrated(page, `${stack.url}/no-such-page`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404 Page Not Found')
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true)
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex,nofollow')
    expect(await page.locator('meta[name="robots"]').count()).toBe(1)
    const html = await (await fetch(`${stack.url}/no-such-page`)).text()
    expect(html).toContain('<meta name="robots" content="noindex,nofollow"')
    // The header and footer frame the not-found page too.
    expect(await page.getByTestId('site-header').isVisible()).toBe(true)
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true)
    // A way on: home, the research library, or the council.
    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    const onward = main.getByRole('navigation', { name: 'Where to go from here' })
    expect(await onward.getByRole('link', { name: 'Browse the research library' }).getAttribute('href')).toBe(
      '/research',
    )
    await onward.getByRole('link', { name: 'Contact the council' }).click()
    await page.waitForURL(`${stack.url}/contact`)
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([])
  })

  it('toasts: one at a time, F8 focuses them, a swipe right past 50 px dismisses', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/`)
    const email = page.getByRole('textbox', { name: 'Email address' })
    const subscribe = page.getByRole('button', { name: 'Subscribe' })
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    const toasts = region.locator('[data-toast-id]')
    const visibleToasts = () => toasts.evaluateAll((all) => all.filter((toast) => toast.checkVisibility()).length)

    const submit = async (address: string) => {
      await email.fill(address)
      const answered = page.waitForResponse((response) => response.url().includes('/trpc/newsletter.subscribe'))
      await subscribe.click()
      expect((await answered).status()).toBe(200)
      await expect.poll(() => email.inputValue()).toBe('')
    }
    await submit('first-toast@example.org')
    await toasts.first().waitFor()
    const earlierId = await toasts.first().getAttribute('data-toast-id')
    await submit('second-toast@example.org')
    await page.waitForTimeout(300)
    expect(await visibleToasts()).toBe(1)
    // The newest replaced the one on screen at once: nothing waits in a queue behind it.
    const firstId = await toasts.first().getAttribute('data-toast-id')
    expect(firstId).not.toBe(earlierId)

    // F8 moves keyboard focus into the notification area.
    await page.keyboard.press('F8')
    const inRegion = await region.evaluate((element) => element.contains(document.activeElement))
    expect(inRegion).toBe(true)

    // A short drag springs back; a drag past 50 px dismisses.
    const toast = region.locator(`[data-toast-id="${firstId}"]`)
    const box = await toast.boundingBox()
    if (!box) throw new Error('no toast box')
    const y = box.y + box.height / 2
    const x = box.x + 40
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 20, y, { steps: 4 })
    await page.mouse.up()
    await page.waitForTimeout(300)
    expect(await toast.isVisible()).toBe(true)

    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 70, y, { steps: 6 })
    await page.mouse.up()
    await toast.waitFor({ state: 'detached', timeout: 3000 })

    // Nothing was queued behind it: the area is empty.
    await page.waitForTimeout(500)
    expect(await visibleToasts()).toBe(0)
    expect(problems).toEqual([])
  })
})
