import type { Locator, Page } from 'playwright-core'

/**
 * Chromium logs every HTTP error answer as a console error. Where a test makes a request fail on
 * purpose (page.route fulfilling a 500), that one line is expected; anything else still counts.
 */
export function withoutInjectedFailures(problems: string[], status = 500): string[] {
  const expected = `error: Failed to load resource: the server responded with a status of ${status}`
  return problems.filter((problem) => !problem.startsWith(expected))
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Holds matching requests until release() is called, then lets them through to the server: the
 * page stays in its pending/loading state exactly as long as the test needs.
 */
export async function holdRequests(page: Page, pattern: string) {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = 0
  await page.route(pattern, async (route) => {
    held += 1
    await gate
    await route.continue()
  })
  return {
    release: () => release(),
    held: () => held,
    stop: () => page.unroute(pattern),
  }
}

/** Answers matching requests with a server error, as the real server would on a failure. */
export async function failRequests(page: Page, pattern: string) {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            json: {
              message: 'Internal Server Error',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        },
      ]),
    }),
  )
  return { stop: () => page.unroute(pattern) }
}

/**
 * Loads a page and waits until React has hydrated it (its event handlers are attached): before
 * that, a click on a submit button would be a plain HTML form submission. A public page's code
 * starts when the visitor reaches for the page (src/server/ssr/after-paint.ts): a press of Shift
 * is that reach, and changes nothing on the page.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' })
  // The code's chunks, then what hydration loads after them.
  await untilNetworkQuiet(page, async () => {
    await reachFor(page)
    await untilHydrated(page)
  })
  return response
}

/** The toast currently shown, as text (title and message). */
export async function toastText(page: Page) {
  const toast = page.getByRole('region', { name: 'Notifications (F8)' }).locator('[data-toast-id]').first()
  await toast.waitFor()
  return (await toast.textContent()) ?? ''
}

/** Whether React holds the page's main content yet (its code has run and hydrated it). */
export const isHydrated = (page: Page) => page.evaluate(mainIsReacts)

/**
 * Waits until React has attached its handlers to one control. React hydrates a page in slices and
 * a route's part after the layout's, so a control can still be the server's HTML once the main
 * content is React's; a change made to it then is not replayed.
 */
export async function untilControlHydrated(control: Locator) {
  const element = await control.elementHandle()
  await control
    .page()
    .waitForFunction(
      (node) => node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps')),
      element,
    )
}

/**
 * Waits until React holds the page's main content and every part whose code comes on approach
 * (its forms: docs/decisions/059-forms-hydrate-on-approach.md), which it approaches as a visitor
 * moving into each would. A test of a part before its code arrives uses isHydrated and partHasCode.
 */
export const untilHydrated = async (page: Page) => {
  await page.waitForFunction(mainIsReacts)
  // Approached again on every poll until its code is here: a part listens for its approach only
  // once React has reached it, which can be after the main content is React's.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-deferred-part]')).every((part) => {
      const first = part.firstElementChild
      if (first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'))) return true
      part.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
      return false
    }),
  )
}

/** Whether React holds the deferred part `name` yet: its code has arrived and hydrated it (decision 059). */
export const partHasCode = (page: Page, name: string) =>
  page.evaluate((name) => {
    const first = document.querySelector(`[data-deferred-part="${name}"]`)?.firstElementChild
    return first != null && Object.keys(first).some((key) => key.startsWith('__reactFiber'))
  }, name)

function mainIsReacts() {
  const main = document.getElementById('main-content')
  return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'))
}

/**
 * Runs `action`, then waits until the page has had no request in flight for `quietMs` (at most
 * 15 s): Playwright's own 'networkidle' is a state reached once per load, long before code that
 * starts later.
 */
export async function untilNetworkQuiet(page: Page, action: () => Promise<void>, quietMs = 300) {
  let inFlight = 0
  let changed = Date.now()
  const started = () => {
    inFlight += 1
    changed = Date.now()
  }
  const ended = () => {
    inFlight -= 1
    changed = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await action()
    const deadline = Date.now() + 15_000
    while ((inFlight > 0 || Date.now() - changed < quietMs) && Date.now() < deadline) await sleep(50)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/** What starts a public page's code: a key pressed (Shift, which types nothing). */
export async function reachFor(page: Page) {
  await page.keyboard.press('Shift')
}

/**
 * Moves the pointer onto the site header, as a visitor's mouse on its way to the menus does, which
 * fetches the drawer's and the About dropdown's code (docs/decisions/033-deferred-code-on-approach.md),
 * and waits until they have replaced the native disclosures. The page must have hydrated.
 */
export async function approachHeader(page: Page) {
  await page.getByTestId('site-header').hover({ position: { x: 2, y: 2 } })
  await page
    .locator('[data-testid="site-header"] button[aria-controls="mobile-navigation"]')
    .waitFor({ state: 'attached' })
}

/** The element that has keyboard focus, described for assertions. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return {
      tag: element?.tagName.toLowerCase() ?? null,
      text: element?.textContent?.trim() ?? '',
      label: element?.getAttribute('aria-label') ?? null,
      id: element?.id ?? '',
    }
  })
}

let textWatches = 0

/**
 * Starts watching the page for `text`; the returned function resolves once it has been shown. For a
 * text the page shows just before it leaves (the expired-session toast, then the redirect to sign
 * in): a locator's wait polls, and on a loaded machine the navigation can start before its next poll
 * and it never sees the text. The watch is a MutationObserver in the page, reporting at once.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<void>> {
  let seen = () => {}
  const shown = new Promise<void>((resolve) => {
    seen = resolve
  })
  const name = `__textShown${++textWatches}`
  await page.exposeFunction(name, () => seen())
  await page.evaluate(
    ({ name, text }) => {
      const report = (window as unknown as Record<string, () => void>)[name]
      const observer = new MutationObserver(() => check())
      const check = () => {
        if (!document.body.textContent?.includes(text)) return
        observer.disconnect()
        report?.()
      }
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
      check()
    },
    { name, text },
  )
  return () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`"${text}" was not shown within 30 s`)), 30_000)
      shown.then(() => {
        clearTimeout(timer)
        resolve()
      })
    })
}
