import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ABOUT_LINKS, HEADER_LINKS } from '../../src/shared/nav'
import { PUBLIC_ROUTES } from '../../src/tools/public-routes.mjs'
import { chromiumAndPostgres } from '../helpers/browser'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { approachHeader, gotoHydrated, isHydrated, sleep, untilHydrated } from './support'

/**
 * Navigation from the first paint (issue 26): the phone menu, the About links and the search box
 * work before the page's code has run and without JavaScript at all, as native <details>
 * disclosures; once the code is here the drawer and the About dropdown take over, and hydration
 * keeps whatever the visitor opened meanwhile.
 *
 * Every public page: src/tools/public-routes.mjs, the list the first-load budget is measured on
 * (a page added there, /standards say, is covered here too).
 */
const PAGES: string[] = PUBLIC_ROUTES

/** The phone menu's links, in order: Home, the About pages, then the header's links. */
const MENU_LINKS = [['Home', '/'], ...[...ABOUT_LINKS, ...HEADER_LINKS].map((link) => [link.label, link.to])]

/** The native disclosures' summaries, found by what they hold. */
const MENU_TOGGLE = 'details:has(nav[aria-label="Mobile"]) > summary'
const ABOUT_TOGGLE = 'nav[aria-label="Main"] details > summary'

/** What Chromium tells assistive technology about the element `selector` finds. */
async function announced(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })
    const node = nodes[0]
    const expanded = node?.properties?.find((property) => property.name === 'expanded')?.value.value
    return { role: node?.role?.value, name: node?.name?.value, expanded: expanded === true }
  } finally {
    await cdp.detach()
  }
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent()

describe.skipIf(!chromiumAndPostgres())('navigation from the first paint, with and without JavaScript', () => {
  const stack = useStack()

  /** A touch page that records console errors and warnings and uncaught exceptions. */
  const openPage = (width: number, js: boolean) =>
    stack.openPage({ width, height: width > 500 ? 900 : 844, javaScriptEnabled: js, hasTouch: true })

  it('without JavaScript, at 390 px, the menu opens on a tap on every public page and its links lead on', {
    timeout: 180_000,
  }, async () => {
    const { page, problems } = await openPage(390, false)
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    for (const path of PAGES) {
      await page.goto(`${stack.url}${path}`)
      expect(await menu.isVisible(), path).toBe(false)
      expect(await announced(page, MENU_TOGGLE), path).toEqual({
        role: 'DisclosureTriangle',
        name: 'Open navigation menu',
        expanded: false,
      })
      await page.locator(MENU_TOGGLE).tap()
      await menu.waitFor()
      expect(await announced(page, MENU_TOGGLE), path).toEqual({
        role: 'DisclosureTriangle',
        name: 'Close navigation menu',
        expanded: true,
      })
      const links = await menu
        .getByRole('link')
        .evaluateAll((all) => all.map((link) => [link.textContent, link.getAttribute('href')]))
      expect(links, path).toEqual(MENU_LINKS)
      expect(await menu.locator('[aria-current="page"]').allTextContents(), path).toEqual(
        MENU_LINKS.filter(([, href]) => href === path).map(([label]) => label),
      )
      // Tapping again closes it.
      await page.locator(MENU_TOGGLE).tap()
      await menu.waitFor({ state: 'hidden' })

      await page.locator(MENU_TOGGLE).tap()
      const [label, href] = path === '/faq' ? ['Contact', '/contact'] : ['FAQ', '/faq']
      await menu.getByRole('link', { name: label, exact: true }).tap()
      await page.waitForURL(`${stack.url}${href}`)
      await expect.poll(() => h1(page), { message: path }).toMatch(label === 'FAQ' ? /question/i : /contact/i)
      expect(await menu.isVisible(), path).toBe(false)
    }
    expect(problems).toEqual([])
  })

  it('with JavaScript, at 390 px, the drawer opens from the menu button on every public page and its links lead on', {
    timeout: 180_000,
  }, async () => {
    const { page, problems } = await openPage(390, true)
    for (const path of PAGES) {
      await gotoHydrated(page, `${stack.url}${path}`)
      await approachHeader(page)
      const toggle = page.getByRole('button', { name: 'Open navigation menu' })
      await toggle.tap()
      const drawer = page.getByRole('dialog')
      const menu = drawer.getByRole('navigation', { name: 'Mobile' })
      await menu.waitFor()
      const links = await menu
        .getByRole('link')
        .evaluateAll((all) => all.map((link) => [link.textContent, link.getAttribute('href')]))
      expect(links, path).toEqual(MENU_LINKS)
      const [label, href] = path === '/faq' ? ['Contact', '/contact'] : ['FAQ', '/faq']
      await menu.getByRole('link', { name: label, exact: true }).tap()
      await page.waitForURL(`${stack.url}${href}`)
      await drawer.waitFor({ state: 'hidden' })
      expect(await page.getByRole('button', { name: 'Open navigation menu' }).getAttribute('aria-expanded')).toBe(
        'false',
      )
    }
    expect(problems).toEqual([])
  })

  it('without JavaScript, at 1280 px, the About links open from the header and lead on', async () => {
    const { page, problems } = await openPage(1280, false)
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const link of ABOUT_LINKS) {
      await page.goto(`${stack.url}/education`)
      expect(await announced(page, ABOUT_TOGGLE)).toEqual({
        role: 'DisclosureTriangle',
        name: 'About',
        expanded: false,
      })
      expect(await nav.getByRole('link', { name: link.label }).isVisible()).toBe(false)
      await page.locator(ABOUT_TOGGLE).click()
      expect(await announced(page, ABOUT_TOGGLE)).toMatchObject({ name: 'About', expanded: true })
      const shown = await nav
        .getByRole('listitem')
        .getByRole('link')
        .evaluateAll((all) => all.map((item) => [item.textContent, item.getAttribute('href')]))
      expect(shown).toEqual(ABOUT_LINKS.map((about) => [about.label, about.to]))
      await nav.getByRole('link', { name: link.label }).click()
      await page.waitForURL(`${stack.url}${link.to}`)
      await expect.poll(() => h1(page)).toMatch(link.to === '/about/position-statement' ? /position/i : link.label)
      // On the About pages the closed trigger says where the visitor is.
      expect(await announced(page, ABOUT_TOGGLE)).toMatchObject({ name: 'About (current section)', expanded: false })
    }
    expect(problems).toEqual([])
  })

  for (const js of [false, true]) {
    it(`the search form sends a plain GET to /search?q=… (${js ? 'with' : 'without'} JavaScript), from the header and from the menu`, async () => {
      const desktop = await openPage(1280, js)
      if (js) await gotoHydrated(desktop.page, `${stack.url}/education`)
      else await desktop.page.goto(`${stack.url}/education`)
      // On wide screens the box itself is in the header, nothing to open first (decision 041).
      const search = desktop.page.getByTestId('site-header').getByRole('search')
      expect(await search.isVisible()).toBe(true)
      const box = search.getByRole('searchbox', { name: 'Search the site' })
      expect(await box.getAttribute('name')).toBe('q')
      expect(await search.evaluate((form: HTMLFormElement) => [form.method, new URL(form.action).pathname])).toEqual([
        'get',
        '/search',
      ])
      await box.fill('chamber pressure')
      await search.getByRole('button', { name: 'Search' }).click()
      await desktop.page.waitForURL(`${stack.url}/search?q=chamber+pressure`)

      const phone = await openPage(390, js)
      if (js) {
        await gotoHydrated(phone.page, `${stack.url}/faq`)
        await approachHeader(phone.page)
      } else await phone.page.goto(`${stack.url}/faq`)
      if (js) await phone.page.getByRole('button', { name: 'Open navigation menu' }).tap()
      else await phone.page.locator(MENU_TOGGLE).tap()
      const menuSearch = phone.page.getByRole('search')
      await menuSearch.waitFor()
      await menuSearch.getByRole('searchbox', { name: 'Search the site' }).fill('ear & sinus')
      await phone.page.keyboard.press('Enter')
      await phone.page.waitForURL(`${stack.url}/search?q=ear+%26+sinus`)

      // The search page is not built yet: its answer may be the not-found page.
      const notFound = (problem: string) => !problem.includes('status of 404')
      expect([...desktop.problems, ...phone.problems].filter(notFound)).toEqual([])
    })
  }

  it('a tap at first paint opens the menu and starts no code; a mouse then does, with the scripts held back 3 s: hydration keeps it open, then the drawer takes over', async () => {
    const { page, problems } = await openPage(390, true)
    await page.route('**/*.js', async (route) => {
      await sleep(3000)
      await route.continue()
    })
    const deferredUi = page.waitForResponse((response) => /\/assets\/deferred-ui-[^/]+\.js$/.test(response.url()), {
      timeout: 30_000,
    })
    await page.goto(`${stack.url}/`, { waitUntil: 'domcontentloaded' })
    // The first frame has been painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await page.locator(MENU_TOGGLE).tap()
    await menu.waitFor({ timeout: 1000 })
    // A touch starts no code (decision 057): the page stays HTML, its menu the native one.
    await sleep(1500)
    expect(await page.evaluate(() => document.querySelector('script[type="module"][src]') === null)).toBe(true)
    expect(await isHydrated(page)).toBe(false)

    // A mouse moves (a tablet with a trackpad): the code arrives, React hydrates the same markup,
    // and the menu the visitor opened stays open, also once the drawer's code is here (it takes
    // over when this menu is closed).
    await page.mouse.move(200, 600)
    await untilHydrated(page)
    expect(await menu.isVisible()).toBe(true)
    await deferredUi
    await sleep(500)
    expect(await menu.isVisible()).toBe(true)
    expect(
      await page.locator(MENU_TOGGLE).evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open),
    ).toBe(true)
    expect(await page.getByRole('dialog').count()).toBe(0)

    // Closing it hands over to the drawer's button, which keeps keyboard focus.
    await page.locator(MENU_TOGGLE).tap()
    const toggle = page.getByRole('button', { name: 'Open navigation menu' })
    await toggle.waitFor()
    expect(await page.locator(MENU_TOGGLE).count()).toBe(0)
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true)

    // The drawer: opens, Escape closes it and gives focus back, a link navigates and closes it.
    await toggle.tap()
    const drawer = page.getByRole('dialog')
    await drawer.waitFor()
    expect(await page.getByRole('button', { name: 'Close navigation menu' }).getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    await expect.poll(() => toggle.evaluate((button) => button === document.activeElement)).toBe(true)
    await toggle.tap()
    await drawer.getByRole('link', { name: 'Benefits' }).tap()
    await page.waitForURL(`${stack.url}/benefits`)
    await drawer.waitFor({ state: 'hidden' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(problems).toEqual([])
  })

  it('with the scripts held back 3 s, the About links opened at first paint stay open through hydration and lead on', async () => {
    const { page, problems } = await openPage(1280, true)
    await page.route('**/*.js', async (route) => {
      await sleep(3000)
      await route.continue()
    })
    const deferredUi = page.waitForResponse((response) => /\/assets\/deferred-ui-[^/]+\.js$/.test(response.url()), {
      timeout: 30_000,
    })
    await page.goto(`${stack.url}/education`, { waitUntil: 'domcontentloaded' })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
    const nav = page.getByRole('navigation', { name: 'Main' })
    await page.locator(ABOUT_TOGGLE).click()
    const mission = nav.getByRole('link', { name: 'Mission Statement' })
    await mission.waitFor({ timeout: 1000 })
    expect(await isHydrated(page)).toBe(false)
    await deferredUi
    await sleep(500)
    expect(await isHydrated(page)).toBe(true)
    expect(await mission.isVisible()).toBe(true)

    // A client-side navigation closes it, and the dropdown takes its place.
    await mission.click()
    await page.waitForURL(`${stack.url}/about/mission-statement`)
    const about = nav.getByRole('button', { name: /^About/ })
    await about.waitFor()
    expect(await page.locator(ABOUT_TOGGLE).count()).toBe(0)
    await about.hover()
    await page.getByRole('menu').waitFor()
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(ABOUT_LINKS.map((link) => link.label))
    expect(problems).toEqual([])
  })

  it('axe finds nothing at 320 px with the menu open, as the server sends it (no code run) and in the drawer', async () => {
    // axe itself needs JavaScript (its checks wait on timers): the page's own scripts are blocked
    // instead, so what it checks is the server's HTML and CSS alone, as a browser without JavaScript has it.
    const bare = await openPage(320, true)
    await bare.page.route('**/*.js', (route) => route.abort())
    await bare.page.goto(`${stack.url}/about`)
    await bare.page.locator(MENU_TOGGLE).tap()
    await bare.page.getByRole('navigation', { name: 'Mobile' }).waitFor()
    expect(await isHydrated(bare.page)).toBe(false)
    expect(await axeViolations(bare.page)).toEqual([])

    const full = await openPage(320, true)
    await gotoHydrated(full.page, `${stack.url}/about`)
    await approachHeader(full.page)
    await full.page.getByRole('button', { name: 'Open navigation menu' }).tap()
    await full.page.getByRole('dialog').waitFor()
    await sleep(400)
    expect(await axeViolations(full.page)).toEqual([])
    const blocked = (problem: string) => !problem.includes('net::ERR_FAILED')
    expect([...bare.problems, ...full.problems].filter(blocked)).toEqual([])
  })
})
