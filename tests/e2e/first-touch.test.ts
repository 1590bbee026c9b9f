import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres, watchProblems } from '../helpers/browser'
import { useStack } from './stack'
import { isHydrated, sleep, untilHydrated, untilNetworkQuiet } from './support'

/**
 * The first touch works (issue 35, docs/decisions/042-first-touch-on-native-controls.md): on a phone
 * whose CPU is slowed as Lighthouse slows it, a page is loaded and not reached for, and the
 * visitor's first act is a tap on a control that once needed the page's code. Its effect must be
 * there at once, whether the code has arrived or not, and the code's arrival must undo nothing.
 * The taps' Event Timing durations are printed, never asserted: speed targets live in the bench.
 */

type TimedEvent = { name: string; duration: number; interactionId: number; target: string }

declare global {
  interface Window {
    /** Event Timing entries the page saw, from its first moment (the init script below). */
    __eventTimings?: TimedEvent[]
  }
}

/** Runs in the page before its own scripts: every event of 16 ms or more, and the first input whatever its length. */
function recordEventTiming() {
  const seen: TimedEvent[] = []
  window.__eventTimings = seen
  const describe = (node: Node | null) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}`
      : ''
  const observe = (type: string, options: PerformanceObserverInit) => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          seen.push({
            name: `${type === 'first-input' ? 'first-input ' : ''}${entry.name}`,
            duration: entry.duration,
            interactionId: entry.interactionId,
            target: describe(entry.target),
          })
      }).observe(options)
    } catch {
      // A browser without Event Timing: nothing to print.
    }
  }
  observe('event', { type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  observe('first-input', { type: 'first-input', buffered: true })
}

/** A 390 x 844 touch phone with the CPU slowed 4x through the DevTools protocol, recording Event Timing. */
async function openPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  })
  await context.addInitScript(recordEventTiming)
  const page = await context.newPage()
  const problems = watchProblems(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return { page, problems, close: () => context.close() }
}

/** Prints the interactions' longest Event Timing durations (INP's measure) for `label`. */
async function printEventTiming(page: Page, label: string) {
  const events = await page.evaluate(() => window.__eventTimings ?? [])
  const byInteraction = new Map<number, TimedEvent[]>()
  for (const event of events) {
    if (event.interactionId === 0) continue
    byInteraction.set(event.interactionId, [...(byInteraction.get(event.interactionId) ?? []), event])
  }
  const interactions = [...byInteraction.values()].map((group) => {
    const longest = group.reduce((a, b) => (b.duration > a.duration ? b : a))
    return `${Math.round(longest.duration)} ms (${longest.name} on ${longest.target})`
  })
  const first = events.find((event) => event.name.startsWith('first-input'))
  console.log(
    `[first-touch] ${label}: ${interactions.length ? interactions.join('; ') : 'every event under 16 ms'}` +
      (first ? `; first input ${Math.round(first.duration)} ms (${first.name.slice(12)})` : ''),
  )
}

/** Loads `path` and waits for the load event, touching nothing: the page's code has not been reached for. */
async function load(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  console.log(`[first-touch] ${new URL(url).pathname}: code hydrated before the first touch: ${await isHydrated(page)}`)
}

/** Whether the page's loader has added its code (the entry's module script): the code has started. */
const codeRequested = (page: Page) => page.evaluate(() => document.querySelector('script[type="module"][src]') !== null)

/** Whether each FAQ question's answer is open, in page order. */
const faqOpen = (page: Page) =>
  page
    .getByRole('main')
    .locator('[data-faq-question]')
    .evaluateAll((all) => all.map((q) => q.closest('details')?.open))

/** An effect that must follow the tap at once: a second of grace for the slowed phone's input pipeline, not for the code. */
const atOnce = { timeout: 1000, intervals: [20] }

describe.skipIf(!chromiumAndPostgres())('the first touch works, on a slowed phone, before the code', () => {
  const stack = useStack()

  it('/faq: the first tap opens a question; a second tap 150 ms later opens another and closes the first', async () => {
    const { page, problems, close } = await openPhone(stack.browser)
    try {
      await load(page, `${stack.url}/faq`)
      const questions = page.getByRole('main').locator('[data-faq-question]')
      const answers = page.getByRole('main').locator('[data-faq-answer]')
      expect((await faqOpen(page)).some(Boolean)).toBe(false)

      await questions.nth(0).tap()
      await expect.poll(() => answers.nth(0).isVisible(), atOnce).toBe(true)
      await sleep(150)
      await questions.nth(1).tap()
      await expect.poll(() => faqOpen(page), atOnce).toEqual(expect.arrayContaining([true]))
      const open = await faqOpen(page)
      expect(open[0]).toBe(false)
      expect(open[1]).toBe(true)
      expect(open.filter(Boolean)).toHaveLength(1)

      // A touch starts no code (decision 057); a mouse that moves later does, and its arrival leaves
      // the open answer as it is.
      await sleep(1000)
      expect(await codeRequested(page)).toBe(false)
      await page.mouse.move(20, 300)
      await untilHydrated(page)
      await sleep(1000)
      expect((await faqOpen(page))[1]).toBe(true)
      expect(await answers.nth(1).isVisible()).toBe(true)
      await printEventTiming(page, '/faq, a question then another 150 ms later')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('/faq: an answer opened before the code starts stays open once it has started', async () => {
    const { page, problems, close } = await openPhone(stack.browser)
    try {
      // Find-in-page's way in (a text fragment, as from a search engine): no touch, no key, no code.
      await load(page, `${stack.url}/faq#:~:text=roughly%20what%20you%20would%20feel`)
      const answer = page.getByRole('main').locator('details', { hasText: 'roughly what you would feel' })
      await expect.poll(() => answer.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true)
      const before = await page.evaluate(() => window.scrollY)
      expect(await isHydrated(page)).toBe(false)

      await untilNetworkQuiet(page, async () => {
        await page.keyboard.press('Shift')
        await untilHydrated(page)
      })
      await sleep(500)
      expect(await answer.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true)
      expect(await faqOpen(page).then((open) => open.filter(Boolean).length)).toBe(1)
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(2)
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('/research: the first tap on Cite shows the citation, inside the screen', async () => {
    const { page, problems, close } = await openPhone(stack.browser)
    try {
      await load(page, `${stack.url}/research`)
      const cite = page
        .getByTestId('study-card')
        .first()
        .getByRole('button', { name: /^Cite / })
      await cite.tap()
      const citation = page.locator('[data-testid="citation"]:popover-open')
      await expect.poll(() => citation.count(), atOnce).toBe(1)
      expect(await citation.getByTestId('citation-apa').isVisible()).toBe(true)
      const box = await citation.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
      // No code for a touch; still open once a mouse has brought it.
      await sleep(1000)
      expect(await codeRequested(page)).toBe(false)
      await page.mouse.move(20, 300)
      await untilHydrated(page)
      await sleep(1000)
      expect(await citation.count()).toBe(1)
      await printEventTiming(page, '/research, Cite')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('/research: the first tap on a category tab applies the category', async () => {
    const { page, problems, close } = await openPhone(stack.browser)
    try {
      await load(page, `${stack.url}/research`)
      await page.getByRole('tab', { name: 'Athletic Performance' }).tap()
      // Before the code a tab is a form's button (a page load), after it a change in place: either way, soon.
      await expect
        .poll(() => page.getByRole('tab', { name: 'Athletic Performance' }).getAttribute('aria-selected'), {
          timeout: 15_000,
        })
        .toBe('true')
      await expect.poll(() => page.getByTestId('count-line').textContent(), { timeout: 15_000 }).toBe('3 Studies Found')
      expect(new URL(page.url()).searchParams.get('category')).toBe('Athletic Performance')
      await printEventTiming(page, '/research, a category tab')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('/faq: the first tap on the phone menu opens it', async () => {
    const { page, problems, close } = await openPhone(stack.browser)
    try {
      await load(page, `${stack.url}/faq`)
      const toggle = page
        .getByTestId('site-header')
        .locator('summary, button[aria-controls="mobile-navigation"]')
        .locator('visible=true')
      await toggle.tap()
      await expect.poll(() => page.getByRole('navigation', { name: 'Mobile' }).isVisible(), atOnce).toBe(true)
      await sleep(1000)
      expect(await codeRequested(page)).toBe(false)
      await printEventTiming(page, '/faq, the phone menu')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it("/contact: a visitor who taps the fields and types on the phone's keyboard starts no code; the form is sent as HTML", async () => {
    const { page, problems, close } = await openPhone(stack.browser)
    try {
      await load(page, `${stack.url}/contact`)
      const form = page.getByRole('region', { name: 'Send Us a Message' })
      const typed: Array<[string, string]> = [
        ['Name', 'A reader on a phone'],
        ['Email', 'phone-reader@example.org'],
        ['Subject', 'A question from a phone'],
        ['Message', 'Typed on a touch screen and sent without the page code.'],
      ]
      for (const [name, text] of typed) {
        await form.getByRole('textbox', { name }).tap()
        await page.keyboard.type(text)
      }
      await sleep(1000)
      expect(await codeRequested(page)).toBe(false)
      await form.getByRole('button', { name: 'Send Message' }).tap()
      await page.waitForURL(`${stack.url}/contact?sent=1#form-heading`)
      expect(await page.getByTestId('form-notice').getAttribute('role')).toBe('status')
      expect(await codeRequested(page)).toBe(false)
      const rows = await stack.sql`select subject from contact_submissions where email = 'phone-reader@example.org'`
      expect(rows).toEqual([{ subject: 'A question from a phone' }])
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it.each(['/faq', '/research', '/education'])(
    'on a desktop, %s keeps its scroll position when a wheel scroll comes before the mouse moves',
    async (path) => {
      const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
      try {
        const page = await context.newPage()
        await page.goto(`${stack.url}${path}`, { waitUntil: 'load' })
        await page.mouse.wheel(0, 900)
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(890)
        const scrolled = await page.evaluate(() => window.scrollY)
        // The pointer moves: the code starts and hydrates the page under it.
        await untilNetworkQuiet(page, async () => {
          await page.mouse.move(640, 450)
          await page.mouse.move(660, 460)
          await untilHydrated(page)
        })
        await sleep(500)
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(2)
      } finally {
        await context.close()
      }
    },
  )
})
