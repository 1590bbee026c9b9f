// The bench's phone table (issue 35): what a visitor on a phone meets in a page's first seconds, per
// page, each figure against its target.
// - Event Timing of a first tap on a control (the page loaded and idle, its code not started; a
//   touch starts none, decision 057), of a second tap 150 ms later and of a third 1 s after the first,
//   the median of PHONE.loads fresh loads, on a 390x844 touch phone with the CPU slowed 4x through
//   the DevTools protocol, as Lighthouse slows it.
// - The JavaScript such a visitor decodes in the page's first 10 seconds.
// - Lighthouse mobile's Total Blocking Time of what a tapping visitor starts: Lighthouse's navigation
//   mode cannot touch a page, so a user flow loads the page, then a timespan holds the first tap
//   and the 8 s after it (devtools throttling, CPU 4x and slow 4G: a timespan cannot be simulated),
//   the median of PHONE.lighthouseRuns. The load itself is the reading visitor's Lighthouse
//   navigation (lighthouse.mjs).
// - The W3C Nu HTML Checker's error count for the page as served (html-check.mjs).
// `npm run bench -- --phone` runs it alone on a scratch database (10-25 minutes on this 2-core
// machine; --no-lighthouse or a few pages cut that); the full bench runs it on its own server.
// Never part of the tests: speed targets stay in the bench.
import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { scratchDatabase } from './bench-kit.mjs'
import { openBenchReview, publishBenchPost } from './bench-pages.mjs'
import { guardRun, optionsOrExit, tempDir } from './bench-run.mjs'
import { startBuiltServer } from './built-server.mjs'
import { ensureBuild } from './ensure-build.mjs'
import { launchChromium } from './first-load.mjs'
import { CHROME_FLAGS, STOLEN_SHARE_LIMIT, watchingSteal } from './lighthouse.mjs'
import { cleanUp, errorMessage, sleep } from './processes.mjs'

export const PHONE_TARGETS = {
  /** Event Timing duration of every tap in a visit's first 10 seconds (INP's measure). */
  tapMs: 200,
  /** Bytes of JavaScript decoded in a visit's first 10 seconds by a visitor who touches the page. */
  decodedJs: 400_000,
  /** Lighthouse mobile Total Blocking Time with the code started, median of the runs. */
  tbtMs: 200,
  /** The HTML checker's errors. */
  htmlErrors: 0,
}

export const PHONE = {
  width: 390,
  height: 844,
  /** Lighthouse's mobile device pixel ratio, so both measure the same raster work. */
  deviceScaleFactor: 1.75,
  /** Emulation.setCPUThrottlingRate's rate: Lighthouse's mobile CPU slowdown. */
  cpuRate: 4,
  loads: 5,
  lighthouseRuns: 3,
  /** When the second and third taps come, after the first (ms). */
  secondTapMs: 150,
  thirdTapMs: 1000,
  visitMs: 10_000,
}

/** The search the phone table measures (issue 35). */
export const PHONE_SEARCH = '/search?q=oxygen'

/**
 * What a visitor taps on a page: a control that needs code today or a native one.
 * @typedef {'faq' | 'cite' | 'tab' | 'field' | 'menu'} TapKind
 */

/**
 * The phone table's pages and what is tapped on each.
 * @param {{ postPath: string, reviewPath: string }} seeded
 * @returns {Array<{ path: string, tap: TapKind }>}
 */
export const phonePages = ({ postPath, reviewPath }) => [
  { path: '/', tap: 'menu' },
  { path: '/faq', tap: 'faq' },
  { path: '/research', tap: 'cite' },
  { path: '/resources', tap: 'tab' },
  { path: '/contact', tap: 'field' },
  { path: '/news', tap: 'menu' },
  { path: postPath, tap: 'menu' },
  { path: '/standards', tap: 'menu' },
  { path: reviewPath, tap: 'menu' },
  { path: PHONE_SEARCH, tap: 'menu' },
]

/**
 * The pages the phone table needs beyond the fixed routes: a news post and a version in review,
 * made through the admin's REST routes on the bench's scratch database.
 * @param {import('./built-server.mjs').RunningServer} server
 * @param {string} [postPath] a post already published
 */
export async function seedPhonePages(server, postPath) {
  return { postPath: postPath ?? (await publishBenchPost(server)), reviewPath: await openBenchReview(server) }
}

/**
 * Runs in the page (Playwright's or Puppeteer's evaluate): where the three taps land, in the order
 * they are given, as viewport points. `scroll`: first bring the controls under the fixed header.
 * Lists are tapped from the bottom up, so that what a tap opens never moves the next control.
 * @param {{ kind: TapKind, scroll: boolean }} options
 * @returns {Array<{ x: number, y: number, label: string }>}
 */
export function tapPoints({ kind, scroll }) {
  /** @param {Element} element */
  const shown = (element) => {
    const rect = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
  }
  /** @param {string} selector */
  const all = (selector) => [...document.querySelectorAll(selector)].filter(shown)
  /** @type {Record<TapKind, () => Element[]>} */
  const finders = {
    faq: () => all('[data-faq-question], main details > summary'),
    cite: () => all('main button[aria-label^="Cite "]'),
    tab: () => all('main [role="tab"]:not([aria-selected="true"])'),
    field: () =>
      all(
        'main form input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="submit"]), main form textarea',
      ),
    menu: () =>
      [...document.querySelectorAll('header summary, header button')].filter(
        (element) =>
          shown(element) &&
          /navigation menu/i.test(`${element.getAttribute('aria-label') ?? ''} ${element.textContent ?? ''}`),
      ),
  }
  const found = finders[kind]()
  if (found.length === 0) return []
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
  const first = found[0]
  if (scroll && first && kind !== 'menu') {
    const top = first.getBoundingClientRect().top
    if (top < headerBottom + 16 || top > innerHeight * 0.5)
      window.scrollTo({ top: window.scrollY + top - headerBottom - 48, behavior: 'instant' })
  }
  const inView = found.filter((element) => {
    const rect = element.getBoundingClientRect()
    return rect.top >= headerBottom - 1 && rect.bottom <= innerHeight - 8
  })
  const chosen = (inView.length ? inView : found).slice(0, 3)
  while (chosen.length < 3) chosen.push(/** @type {Element} */ (chosen.at(-1)))
  const ordered = kind === 'faq' || kind === 'cite' ? [...chosen].reverse() : chosen
  return ordered.map((element) => {
    const rect = element.getBoundingClientRect()
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ')
    return {
      x: Math.round(rect.left + rect.width / 2),
      y: Math.round(rect.top + Math.min(rect.height / 2, 20)),
      label: `${element.tagName.toLowerCase()} "${label.slice(0, 40)}"`,
    }
  })
}

/** The events of a tap whose Event Timing counts for it (INP's interaction and the touch's own). */
export const TAP_EVENT_NAMES = [
  'pointerdown',
  'pointerup',
  'click',
  'touchstart',
  'touchend',
  'mousedown',
  'mouseup',
  'gotpointercapture',
  'lostpointercapture',
]

/**
 * Runs in the page before its own scripts: keeps every Event Timing entry of a tap (at or over
 * 16 ms, and the first input's), every long animation frame with its scripts and every click's
 * target in `__phoneRows`, where the bench reads them at the end (`collectRows`), so that nothing
 * crosses to the bench while the taps are measured: the page's main thread is theirs.
 */
export function observeInPage(/** @type {string[]} */ tapEvents) {
  const names = new Set(tapEvents)
  /** @type {unknown[]} */
  const rows = []
  const scope = /** @type {{ __phoneRows?: unknown[] }} */ (/** @type {unknown} */ (globalThis))
  // A page left for another (a tap on a form's button) leaves its rows in the tab's session
  // storage for the next (a binding's call from a page being left never arrives).
  const KEY = '__phoneRows'
  try {
    rows.push(...JSON.parse(sessionStorage.getItem(KEY) ?? '[]'))
    sessionStorage.removeItem(KEY)
  } catch {
    // No storage (an opaque origin): a page that is left loses its rows.
  }
  scope.__phoneRows = rows
  const origin = performance.timeOrigin
  /** @param {EventTarget | null} target */
  const describe = (target) =>
    target instanceof Element
      ? `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''}${target.getAttribute('aria-label') ? `[${target.getAttribute('aria-label')}]` : ''}`
      : String(target)
  /** @param {PerformanceEntryList} list */
  const events = (list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list)) {
      if (!names.has(entry.name)) continue
      rows.push({
        kind: 'event',
        entryType: entry.entryType,
        name: entry.name,
        at: origin + entry.startTime,
        duration: entry.duration,
        delay: entry.processingStart - entry.startTime,
        processing: entry.processingEnd - entry.processingStart,
        interactionId: /** @type {{ interactionId?: number }} */ (entry).interactionId ?? 0,
        target: describe(entry.target),
      })
    }
  }
  /** @param {PerformanceEntryList} list */
  const frames = (list) => {
    for (const frame of list) {
      /** @type {{ blockingDuration: number, scripts: Array<{ invoker: string, invokerType: string, sourceURL: string, sourceFunctionName: string, duration: number, forcedStyleAndLayoutDuration: number }> }} */
      const loaf = /** @type {never} */ (frame)
      if (loaf.blockingDuration <= 0) continue
      rows.push({
        kind: 'loaf',
        at: origin + frame.startTime,
        duration: frame.duration,
        blocking: loaf.blockingDuration,
        scripts: loaf.scripts.map((script) => ({
          invoker: script.invoker,
          invokerType: script.invokerType,
          source: script.sourceURL,
          fn: script.sourceFunctionName,
          duration: script.duration,
          layout: script.forcedStyleAndLayoutDuration,
        })),
      })
    }
  }
  /** @type {Array<[PerformanceObserver, (list: PerformanceEntryList) => void]>} */
  const observers = []
  /**
   * @param {(list: PerformanceEntryList) => void} keep
   * @param {PerformanceObserverInit} options
   */
  const observe = (keep, options) => {
    try {
      const observer = new PerformanceObserver((list) => keep(list.getEntries()))
      observer.observe(options)
      observers.push([observer, keep])
    } catch {
      // An engine without this entry type: the bench reports what it got.
    }
  }
  // durationThreshold is Event Timing's own option, which the DOM types leave out.
  observe(events, /** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16, buffered: true }))
  observe(events, { type: 'first-input', buffered: true })
  observe(frames, { type: 'long-animation-frame', buffered: true })
  addEventListener(
    'click',
    (event) => rows.push({ kind: 'click', at: origin + event.timeStamp, target: describe(event.target) }),
    { capture: true, passive: true },
  )
  addEventListener('pagehide', () => {
    for (const [observer, keep] of observers) keep(observer.takeRecords())
    try {
      sessionStorage.setItem(KEY, JSON.stringify(rows))
    } catch {
      // As above.
    }
  })
}

/**
 * The rows the page kept (observeInPage), with the entries its observers hold but have not yet
 * handed over.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<Reported[]>}
 */
export async function collectRows(page) {
  // Entries are handed to observers after the frame that ends them paints.
  await page
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    .catch(() => {})
  return page
    .evaluate(() => /** @type {{ __phoneRows?: unknown[] }} */ (/** @type {unknown} */ (globalThis)).__phoneRows ?? [])
    .then((rows) => /** @type {Reported[]} */ (rows))
    .catch(() => [])
}

/**
 * @typedef {{ kind: 'event', entryType: string, name: string, at: number, duration: number, delay: number, processing: number, interactionId: number, target: string }} EventRow
 * @typedef {{ kind: 'loaf', at: number, duration: number, blocking: number, scripts: Array<{ invoker: string, invokerType: string, source: string, fn: string, duration: number, layout: number }> }} LoafRow
 * @typedef {{ kind: 'click', at: number, target: string }} ClickRow
 * @typedef {EventRow | LoafRow | ClickRow} Reported
 */

/**
 * @typedef {object} PhoneLoad
 * @property {Array<number | null>} taps each tap's duration (ms; null: no entry at or over 16 ms)
 * @property {string[]} tapped what each tap landed on, as the page's click saw it
 * @property {string[]} aimed what each tap aimed at
 * @property {boolean} codeBefore the code had started before the first tap (the measure is then not of a first tap)
 * @property {boolean} navigated a tap took the visitor to another page
 * @property {number | null} decodedJs bytes of JavaScript decoded in the first 10 s (measured on the first load only)
 * @property {LoafRow[]} frames long animation frames after the first tap
 * @property {{ sentAt: number[], reported: Reported[] }} raw when each tap was sent and all the page reported
 * @property {number} late how far the bench's own timers missed a tap's time (ms): a busy machine
 */

/** A visit still going after this long has a page that stopped answering (ms). */
const VISIT_LIMIT_MS = 90_000

/** How long a finger rests on the glass in a tap. */
const TAP_HOLD_MS = 50

/** Waits until the page's main thread has been idle once, or `ms`. */
const idle = async (/** @type {import('playwright-core').Page} */ page, ms = 5000) => {
  await page.waitForLoadState('networkidle', { timeout: ms }).catch(() => {})
  await page
    .evaluate((timeout) => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout })), ms)
    .catch(() => {})
}

/**
 * One fresh visit on the throttled phone: load, wait for idle, three taps (0, 150 ms, 1 s).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {TapKind} kind
 * @param {{ measureJs: boolean }} options
 * @returns {Promise<PhoneLoad>}
 */
export async function phoneVisit(browser, url, kind, { measureJs }) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  })
  // A page that never answers (the protocol waits for a hung page's answer to a touch) must not
  // hold the bench: closing the context fails everything still waiting on it.
  let overrun = false
  const limit = setTimeout(() => {
    overrun = true
    context.close().catch(() => {})
  }, VISIT_LIMIT_MS)
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(60_000)
    const cdp = await context.newCDPSession(page)
    await page.addInitScript(observeInPage, TAP_EVENT_NAMES)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuRate })
    /** @type {Set<string>} */
    const scripts = new Set()
    let bytes = 0
    const started = Date.now()
    if (measureJs) {
      await cdp.send('Network.enable')
      cdp.on('Network.responseReceived', (event) => {
        if (/javascript|ecmascript/i.test(event.response.mimeType)) scripts.add(event.requestId)
      })
      cdp.on('Network.dataReceived', (event) => {
        if (scripts.has(event.requestId) && Date.now() - started <= PHONE.visitMs) bytes += event.dataLength
      })
    }
    await page.goto(url, { waitUntil: 'load' })
    await page.evaluate(tapPoints, { kind, scroll: true })
    await idle(page)
    await sleep(300)
    const points = await page.evaluate(tapPoints, { kind, scroll: false })
    if (points.length < 3) throw new Error(`${url}: nothing to tap for "${kind}"`)
    const codeBefore = await page.evaluate(() => document.querySelector('script[type="module"][src]') !== null)
    const firstUrl = page.url()
    /** @type {number[]} */
    const sentAt = []
    /** @type {number[]} */
    const liftedAt = []
    /**
     * A finger down and, TAP_HOLD_MS later, up. The protocol answers a touch once the page has
     * handled it; a finger does not wait for that, so the lift is sent on time whatever the answer.
     * @param {{ x: number, y: number }} point
     */
    const tap = async (point) => {
      sentAt.push(Date.now())
      const down = cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: point.x, y: point.y }],
      })
      const up = sleep(TAP_HOLD_MS).then(() => {
        liftedAt.push(Date.now())
        return cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      })
      await Promise.all([down, up])
    }
    const t0 = Date.now()
    const at = (/** @type {number} */ ms) => sleep(Math.max(0, t0 + ms - Date.now()))
    const [p1, p2, p3] = /** @type {[typeof points[0], typeof points[0], typeof points[0]]} */ (points)
    // Each tap at its own time, whether or not the one before has been answered.
    const taps = [tap(p1), at(PHONE.secondTapMs).then(() => tap(p2)), at(PHONE.thirdTapMs).then(() => tap(p3))]
    await Promise.all(taps)
    await sleep(
      Math.max(t0 + PHONE.thirdTapMs + 2500 - Date.now(), measureJs ? started + PHONE.visitMs - Date.now() : 0),
    )
    const reported = await collectRows(page)
    const windowOf = (/** @type {number} */ i) => [
      (sentAt[i] ?? 0) - 30,
      (sentAt[i + 1] ?? Number.POSITIVE_INFINITY) - 30,
    ]
    const events = /** @type {EventRow[]} */ (reported.filter((row) => row.kind === 'event'))
    const clicks = /** @type {ClickRow[]} */ (reported.filter((row) => row.kind === 'click'))
    const within = (/** @type {number} */ i, /** @type {{ at: number }} */ row) => {
      const [from = 0, to = 0] = windowOf(i)
      return row.at >= from && row.at < to
    }
    // The entries of one interaction (INP's interactionId) belong to the tap whose finger came down
    // first among them, even when its click comes late; the touch and mouse events, which have no
    // interactionId, go by their own time.
    /** @type {Map<number, number>} */
    const interactionStart = new Map()
    for (const row of events)
      if (row.interactionId)
        interactionStart.set(row.interactionId, Math.min(row.at, interactionStart.get(row.interactionId) ?? row.at))
    const startOf = (/** @type {EventRow} */ row) => ({ at: interactionStart.get(row.interactionId) ?? row.at })
    return {
      taps: sentAt.map((_, i) => {
        const mine = events.filter((row) => within(i, startOf(row)))
        return mine.length ? Math.max(...mine.map((row) => row.duration)) : null
      }),
      tapped: sentAt.map(
        (_, i) =>
          clicks
            .filter((row) => within(i, row))
            .map((row) => row.target)
            .join(' ') || 'no click',
      ),
      aimed: points.map((point) => point.label),
      codeBefore,
      navigated: page.url() !== firstUrl,
      decodedJs: measureJs ? bytes : null,
      frames: /** @type {LoafRow[]} */ (reported.filter((row) => row.kind === 'loaf' && row.at >= t0 - 30)),
      raw: { sentAt, reported },
      late: Math.max(
        ...[0, PHONE.secondTapMs, PHONE.thirdTapMs].flatMap((ms, i) => [
          Math.abs((sentAt[i] ?? Number.POSITIVE_INFINITY) - t0 - ms),
          Math.abs((liftedAt[i] ?? Number.POSITIVE_INFINITY) - t0 - ms - TAP_HOLD_MS),
        ]),
      ),
    }
  } catch (error) {
    throw overrun ? new Error(`the visit ran past ${VISIT_LIMIT_MS / 1000} s (${errorMessage(error)})`) : error
  } finally {
    clearTimeout(limit)
    await context.close().catch(() => {})
  }
}

/** @param {number[]} values at least one */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const at = (/** @type {number} */ i) => sorted[i] ?? Number.NaN
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2
}

/** A tap sent this much off its time (ms) measured a busy machine. */
const LATE_LIMIT_MS = 40
const MAX_RETAKES = 5

/** A tap with no entry at or over the threshold took less than it: counted at the threshold. */
const THRESHOLD_MS = 16
const tapValue = (/** @type {number | null | undefined} */ ms) => ms ?? THRESHOLD_MS

/**
 * Lighthouse mobile over the code a visitor starts: a user flow loads the page on Lighthouse's
 * phone screen; once it is idle a timespan holds the first tap and the seconds the code takes to
 * arrive and run (Lighthouse's devtools throttling: CPU 4x, slow 4G). Returns each page's Total
 * Blocking Times, one per run, each run in a fresh browser context (an empty cache).
 * @param {{ baseUrl: string, pages: Array<{ path: string, tap: TapKind }>, runs?: number }} options
 * @returns {Promise<Map<string, { runs: number[], retaken: string[], noCode?: boolean, error?: string }>>}
 */
export async function lighthouseWithCode({ baseUrl, pages, runs = PHONE.lighthouseRuns }) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromium)) throw new Error(`no Chromium at ${chromium}`)
  const { startFlow } = await import('lighthouse')
  const { screenEmulationMetrics } = await import('lighthouse/core/config/constants.js')
  const screen = screenEmulationMetrics.mobile
  if (!screen) throw new Error('Lighthouse names no mobile screen')
  const chromeLauncher = await import('chrome-launcher')
  const { default: puppeteer } = await import('puppeteer-core')
  const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  /** @type {Map<string, { runs: number[], retaken: string[], noCode?: boolean, error?: string }>} */
  const results = new Map()
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
  /** @param {string} url @param {TapKind} kind */
  const once = async (url, kind) => {
    const context = await browser.createBrowserContext()
    const limit = setTimeout(() => context.close().catch(() => {}), VISIT_LIMIT_MS)
    try {
      const page = await context.newPage()
      // Lighthouse's own phone screen from the start, so that its emulation changes nothing later.
      await page.setViewport({
        width: screen.width,
        height: screen.height,
        deviceScaleFactor: screen.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      })
      const flow = await startFlow(page, {
        flags: { onlyCategories: ['performance'], logLevel: 'error', formFactor: 'mobile' },
      })
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
      await page.evaluate(tapPoints, { kind, scroll: true })
      await page
        .evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })))
        .catch(() => {})
      // The load itself is Lighthouse's navigation (the reading visitor: lighthouse.mjs); the
      // timespan holds what the visitor's tap starts, under Lighthouse's throttling (a timespan
      // cannot be simulated: devtools throttling, CPU 4x and slow 4G).
      await flow.startTimespan({ name: `${url}: a tap once loaded` })
      const [point] = await page.evaluate(tapPoints, { kind, scroll: false })
      if (!point) throw new Error(`nothing to tap for "${kind}"`)
      const cdp = await page.createCDPSession()
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: point.x, y: point.y }] })
      await sleep(TAP_HOLD_MS)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      // The code's chunks on slow 4G, then their evaluation and hydration at 4x.
      await sleep(8000)
      await flow.endTimespan()
      const result = await flow.createFlowResult()
      const lhr = result.steps[0]?.lhr
      const value = lhr?.audits['total-blocking-time']?.numericValue
      if (typeof value !== 'number') throw new Error('Lighthouse gave no Total Blocking Time')
      // Whether the timespan saw code arrive: a page whose tap fetches none says so in the table.
      const requests = /** @type {{ items?: Array<{ url?: string, resourceType?: string }> } | undefined} */ (
        lhr?.audits['network-requests']?.details
      )
      return {
        tbt: Math.round(value),
        scripts: requests?.items?.filter((item) => item.resourceType === 'Script').length ?? 0,
      }
    } finally {
      clearTimeout(limit)
      await context.close().catch(() => {})
    }
  }
  try {
    for (const { path, tap } of pages) {
      /** @type {{ runs: number[], retaken: string[], noCode?: boolean, error?: string }} */
      const row = { runs: [], retaken: [] }
      try {
        for (let i = 0; i < runs; i += 1) {
          let take = await watchingSteal(() => once(`${baseUrl}${path}`, tap))
          // A run during which the host took the CPU measured the host (lighthouse.mjs): once more.
          if (take.stolenShare > STOLEN_SHARE_LIMIT) {
            row.retaken.push(
              `run ${i + 1}: host took ${Math.round(take.stolenShare * 100)}% (TBT ${take.result.tbt} ms)`,
            )
            take = await watchingSteal(() => once(`${baseUrl}${path}`, tap))
          }
          row.runs.push(take.result.tbt)
          if (take.result.scripts === 0) row.noCode = true
        }
      } catch (error) {
        row.error = errorMessage(error)
      }
      results.set(path, row)
    }
  } finally {
    await browser.disconnect()
    await chrome.kill()
  }
  return results
}

/** @param {string} text @param {number} most */
const shorten = (text, most) => (text.length > most ? `${text.slice(0, most - 1)}…` : text)

/**
 * The HTML checker's errors per page, as the server sends each page.
 * @param {string} baseUrl
 * @param {string[]} paths
 * @returns {Promise<Map<string, { count: number, first: string[] } | { error: string }>>}
 */
export async function htmlErrors(baseUrl, paths) {
  /** @type {Map<string, { count: number, first: string[] } | { error: string }>} */
  const results = new Map()
  try {
    const { checkHtml } = await import('./html-check.mjs')
    const documents = await Promise.all(
      paths.map(async (path) => ({ name: path, html: await (await fetch(`${baseUrl}${path}`)).text() })),
    )
    for (const report of await checkHtml(documents))
      results.set(report.name, {
        count: report.errors.length,
        first: [...new Set(report.errors.map((error) => shorten(error.message, 70)))].slice(0, 3),
      })
  } catch (error) {
    for (const path of paths) results.set(path, { error: errorMessage(error) })
  }
  return results
}

/**
 * @typedef {object} PhoneRow
 * @property {string} path
 * @property {TapKind} tap
 * @property {PhoneLoad[]} loads
 * @property {[number, number, number]} tapMedians the first, second and third tap, median of the loads
 * @property {number} worstTap the slowest single tap of any load
 * @property {number | null} decodedJs
 * @property {number} retaken visits taken again because a tap went out late
 * @property {number} late visits that count although a tap went out late
 * @property {{ runs: number[], retaken: string[], noCode?: boolean, error?: string } | null} lighthouse
 * @property {{ count: number, first: string[] } | { error: string } | null} html
 * @property {string} [error] why the taps could not be measured
 */

/**
 * Measures every page: the taps and the JavaScript (each page's loads one after another, alone on
 * the browser), then Lighthouse, then the checker.
 * @param {{ baseUrl: string, pages: Array<{ path: string, tap: TapKind }>, loads?: number, lighthouse?: boolean, html?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<PhoneRow[]>}
 */
export async function runPhoneTable({
  baseUrl,
  pages,
  loads = PHONE.loads,
  lighthouse = true,
  html = true,
  log = console.log,
}) {
  const browser = await launchChromium()
  if (!browser) throw new Error('no Chromium for the phone table (apt-get install -y chromium, or set CHROMIUM_PATH)')
  /** @type {PhoneRow[]} */
  const rows = []
  try {
    for (const { path, tap } of pages) {
      // Kept pages are rendered once per change (decision 020): a visitor meets a kept page.
      await (await fetch(`${baseUrl}${path}`)).arrayBuffer()
      /** @type {PhoneLoad[]} */
      const visits = []
      let retaken = 0
      /** @type {string | undefined} */
      let failed
      for (let i = 0; i < loads && !failed; i += 1) {
        try {
          let visit = await phoneVisit(browser, `${baseUrl}${path}`, tap, { measureJs: i === 0 })
          // A tap sent late says the machine, not the page, was busy (the bench's own process could
          // not run): that visit is taken again, at most MAX_RETAKES times per page.
          while (visit.late > LATE_LIMIT_MS && retaken < MAX_RETAKES) {
            retaken += 1
            visit = await phoneVisit(browser, `${baseUrl}${path}`, tap, { measureJs: i === 0 })
          }
          visits.push(visit)
        } catch (error) {
          // Once more: a visit can fail on the machine's account; a second failure is the page's.
          try {
            retaken += 1
            visits.push(await phoneVisit(browser, `${baseUrl}${path}`, tap, { measureJs: i === 0 }))
          } catch (again) {
            failed = `${errorMessage(error)}; again: ${errorMessage(again)}`
          }
        }
      }
      if (failed || visits.length === 0) {
        log(`  ${path}: no measure (${failed})`)
        rows.push({
          path,
          tap,
          loads: visits,
          tapMedians: [Number.NaN, Number.NaN, Number.NaN],
          worstTap: Number.NaN,
          decodedJs: null,
          retaken,
          late: 0,
          lighthouse: null,
          html: null,
          error: failed,
        })
        continue
      }
      const tapMedians = /** @type {[number, number, number]} */ (
        [0, 1, 2].map((i) => median(visits.map((visit) => tapValue(visit.taps[i]))))
      )
      const worstTap = Math.max(...visits.flatMap((visit) => visit.taps.map(tapValue)))
      rows.push({
        path,
        tap,
        loads: visits,
        tapMedians,
        worstTap,
        decodedJs: visits[0]?.decodedJs ?? null,
        retaken,
        late: visits.filter((visit) => visit.late > LATE_LIMIT_MS).length,
        lighthouse: null,
        html: null,
      })
      const first = visits[0]
      log(
        `  ${path}: taps ${visits.map((visit) => visit.taps.map((ms) => (ms === null ? '<16' : Math.round(ms))).join('/')).join(', ')} ms; aimed at ${first?.aimed.join(', ')}; clicked ${first?.tapped.join(', ')}${visits.some((visit) => visit.codeBefore) ? '; THE CODE HAD STARTED BEFORE A FIRST TAP' : ''}${visits.some((visit) => visit.navigated) ? '; a tap navigated' : ''}${retaken ? `; ${retaken} visits taken again (a tap went out over ${LATE_LIMIT_MS} ms late)` : ''}${visits.some((visit) => visit.late > LATE_LIMIT_MS) ? `; ${visits.filter((visit) => visit.late > LATE_LIMIT_MS).length} counted although late` : ''}`,
      )
    }
  } finally {
    await browser.close()
  }
  if (lighthouse) {
    log('  Lighthouse user flows (the page loaded, then a timespan: a tap and 8 s)…')
    const measured = await lighthouseWithCode({ baseUrl, pages })
    for (const row of rows) row.lighthouse = measured.get(row.path) ?? null
  }
  if (html) {
    const checked = await htmlErrors(
      baseUrl,
      rows.map((row) => row.path),
    )
    for (const row of rows) row.html = checked.get(row.path) ?? null
  }
  return rows
}

const kb = (/** @type {number} */ bytes) => (bytes / 1000).toFixed(1)
const verdict = (/** @type {boolean} */ ok) => (ok ? 'PASS' : 'FAIL')

/**
 * The table and one PASS, FAIL or SKIPPED line per target.
 * @param {PhoneRow[]} rows
 * @returns {{ table: string[], verdicts: string[] }}
 */
export function phoneReport(rows) {
  const t = PHONE_TARGETS
  const ms = (/** @type {number} */ value) => (value <= THRESHOLD_MS ? `≤${THRESHOLD_MS}` : String(Math.round(value)))
  const mark = (/** @type {boolean} */ ok) => (ok ? '' : ' ✗')
  const table = [
    `| page | tapped | 1st tap ms (≤ ${t.tapMs}) | 2nd tap, +${PHONE.secondTapMs} ms (≤ ${t.tapMs}) | 3rd tap, +${PHONE.thirdTapMs} ms (≤ ${t.tapMs}) | worst single tap ms | JS decoded in ${PHONE.visitMs / 1000} s KB (≤ ${kb(t.decodedJs)}) | Lighthouse TBT over the tap ms (≤ ${t.tbtMs}; runs) | HTML errors (${t.htmlErrors}) |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => {
      const lh = row.lighthouse
      const tbt = lh?.runs.length ? median(lh.runs) : null
      const lhCell = !lh
        ? 'skipped'
        : lh.error
          ? `error: ${lh.error.slice(0, 80)}`
          : `${tbt === null ? 'n/a' : Math.round(tbt)}${mark(tbt !== null && tbt <= t.tbtMs)} (${lh.runs.join(', ')}${lh.noCode ? '; the tap fetched no script' : ''})`
      const html = row.html
      const htmlCell = !html
        ? 'skipped'
        : 'error' in html
          ? `error: ${html.error.slice(0, 80)}`
          : `${html.count}${mark(html.count <= t.htmlErrors)}${html.count ? ` (${html.first.join('; ')})` : ''}`
      const navigated = row.loads.filter((visit) => visit.navigated).length
      const before = row.loads.filter((visit) => visit.codeBefore).length
      const tapped = `${row.tap}${navigated ? ` (a tap loaded another page in ${navigated} of ${row.loads.length})` : ''}${before ? ` (the code had started before the first tap in ${before})` : ''}`
      if (row.error)
        return `| ${row.path} | ${row.tap}: not measured (${row.error.slice(0, 120)}) | ✗ | ✗ | ✗ | | | ${lhCell} | ${htmlCell} |`
      return `| ${row.path} | ${tapped} | ${row.tapMedians.map((value) => `${ms(value)}${mark(value <= t.tapMs)}`).join(' | ')} | ${ms(row.worstTap)} | ${row.decodedJs === null ? 'n/a' : `${kb(row.decodedJs)}${mark(row.decodedJs <= t.decodedJs)}`} | ${lhCell} | ${htmlCell} |`
    }),
  ]
  /** @param {(row: PhoneRow) => number | null} pick */
  const worst = (pick) =>
    rows.reduce((/** @type {PhoneRow | null} */ w, row) => {
      const value = pick(row)
      return value !== null && (w === null || value > (pick(w) ?? Number.NEGATIVE_INFINITY)) ? row : w
    }, null)
  /** @param {number} i */
  const tapLine = (i, /** @type {string} */ what) => {
    const w = worst((row) => row.tapMedians[i] ?? null)
    const value = w?.tapMedians[i] ?? Number.NaN
    return `${verdict(rows.every((row) => (row.tapMedians[i] ?? Number.POSITIVE_INFINITY) <= t.tapMs))}  phone: ${what} answers within ${t.tapMs} ms on every page (Event Timing, median of ${rows[0]?.loads.length ?? PHONE.loads} loads, 390 px touch, CPU 4x; slowest: ${ms(value)} ms, ${w?.path})`
  }
  const js = worst((row) => row.decodedJs)
  const lhMedian = (/** @type {PhoneRow} */ row) => (row.lighthouse?.runs.length ? median(row.lighthouse.runs) : null)
  const lhWorst = worst(lhMedian)
  const lhRan = rows.some((row) => row.lighthouse)
  const lhBroken = rows.filter((row) => row.lighthouse?.error || (row.lighthouse && !row.lighthouse.runs.length))
  const htmlRan = rows.some((row) => row.html)
  const htmlBroken = rows.filter((row) => row.html && 'error' in row.html)
  const htmlCount = (/** @type {PhoneRow} */ row) => (row.html && 'count' in row.html ? row.html.count : null)
  const htmlWorst = worst(htmlCount)
  const verdicts = [
    tapLine(0, 'the first tap (a touch starts no code: decision 057)'),
    tapLine(1, `a tap ${PHONE.secondTapMs} ms after it`),
    tapLine(2, `a tap ${PHONE.thirdTapMs} ms after it`),
    `${verdict(rows.every((row) => row.decodedJs !== null && row.decodedJs <= t.decodedJs))}  phone: JavaScript decoded in the first ${PHONE.visitMs / 1000} s by a visitor who taps at most ${kb(t.decodedJs)} KB on every page (largest: ${js?.decodedJs === null || !js ? 'n/a' : kb(js.decodedJs)} KB, ${js?.path})`,
    !lhRan
      ? 'SKIPPED  phone: Lighthouse with the code started (--no-lighthouse)'
      : `${verdict(lhBroken.length === 0 && rows.every((row) => (lhMedian(row) ?? Number.POSITIVE_INFINITY) <= t.tbtMs))}  phone: Lighthouse mobile Total Blocking Time over a tap and the 8 s after it at most ${t.tbtMs} ms on every page (a user flow's timespan, median of ${PHONE.lighthouseRuns}; highest: ${lhWorst ? `${Math.round(lhMedian(lhWorst) ?? 0)} ms, ${lhWorst.path}` : 'n/a'}${lhBroken.length ? `; no result on ${lhBroken.map((row) => row.path).join(' ')}` : ''})`,
    !htmlRan
      ? 'SKIPPED  phone: HTML checker (--no-html)'
      : `${verdict(htmlBroken.length === 0 && rows.every((row) => (htmlCount(row) ?? 1) <= t.htmlErrors))}  HTML checker: ${t.htmlErrors} errors on every page of the table (most: ${htmlWorst ? `${htmlCount(htmlWorst)}, ${htmlWorst.path}` : 'n/a'}${htmlBroken.length ? `; the checker failed: ${htmlBroken[0]?.html && 'error' in htmlBroken[0].html ? htmlBroken[0].html.error : ''}` : ''})`,
  ]
  return { table, verdicts }
}

/** The machine's load average against its cores: a shared machine slows the throttled phone further. */
const machineLoad = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} cores`

const USAGE = `Usage: npm run bench -- --phone [options] [paths]   (or --only=phone, or BENCH_MODE=phone)
The phone table alone, on a scratch database: per page, the Event Timing of a first tap, of one
${PHONE.secondTapMs} ms and one ${PHONE.thirdTapMs} ms after it (median of ${PHONE.loads} fresh loads, 390x844 touch, CPU slowed
4x), the JavaScript decoded in the first ${PHONE.visitMs / 1000} s, Lighthouse mobile's Total Blocking Time over a
tap and the 8 s after it (median of ${PHONE.lighthouseRuns}), and the HTML checker's errors; PASS or FAIL per target.
  --loads <n>          fresh loads per page for the taps (default ${PHONE.loads})
  --no-lighthouse      skip Lighthouse (its line reads SKIPPED)
  --no-html            skip the HTML checker
  --pglite             the embedded database instead of a scratch Postgres database
  paths                only these of the table's pages (e.g. /faq /research); the post and the
                       version in review are named "post" and "review"`

/** @param {string[]} argv */
function parsePhoneOptions(argv) {
  const { values, positionals } = parseArgs({
    args: argv.filter((arg) => arg !== '--phone' && arg !== '--only=phone' && arg !== 'phone' && arg !== '--only'),
    allowPositionals: true,
    options: {
      loads: { type: 'string' },
      'no-lighthouse': { type: 'boolean' },
      'no-html': { type: 'boolean' },
      pglite: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return null
  const loads = Number(values.loads ?? PHONE.loads)
  if (!Number.isInteger(loads) || loads < 1 || loads > 20)
    throw new Error('--loads must be a whole number from 1 to 20')
  return {
    loads,
    lighthouse: !values['no-lighthouse'],
    html: !values['no-html'],
    pglite: Boolean(values.pglite),
    only: positionals,
  }
}

/**
 * Whether the bench's arguments ask for the phone table alone.
 * @param {string[]} argv
 */
export const wantsPhoneOnly = (argv) =>
  argv.includes('--phone') ||
  argv.includes('--only=phone') ||
  argv.some((arg, i) => arg === '--only' && argv[i + 1] === 'phone') ||
  process.env.BENCH_MODE === 'phone'

/**
 * The phone table alone: the built server on a scratch database, its post and review, the table.
 * @param {string[]} argv
 * @returns {Promise<number>} the exit code
 */
export async function runPhoneBench(argv) {
  const options = optionsOrExit(parsePhoneOptions, argv, USAGE)
  if (typeof options === 'number') return options
  const limitMs = 40 * 60 * 1000
  const unguard = guardRun({
    stopping: 'stopping the server and the browsers, removing the scratch database…',
    limitMs,
  })
  ensureBuild()
  const workDir = tempDir('mhbot-bench-phone-')
  try {
    const db = await scratchDatabase(workDir, options.pglite)
    const server = await startBuiltServer(db.env, { limitMs, echoLines: 5 })
    const seeded = await seedPhonePages(server)
    const named = options.only.map((arg) =>
      arg === 'post' ? seeded.postPath : arg === 'review' ? seeded.reviewPath : arg,
    )
    const pages = phonePages(seeded).filter((page) => named.length === 0 || named.includes(page.path))
    if (pages.length === 0) throw new Error(`none of ${named.join(' ')} is among the phone table's pages`)
    console.log(
      `Phone table: ${server.base} (${db.label}); Chromium at ${PHONE.width}x${PHONE.height}, touch, CPU slowed ${PHONE.cpuRate}x; ${options.loads} loads per page; Node ${process.version}; ${machineLoad()}.`,
    )
    const started = Date.now()
    const rows = await runPhoneTable({
      baseUrl: server.base,
      pages,
      loads: options.loads,
      lighthouse: options.lighthouse,
      html: options.html,
    })
    const { table, verdicts } = phoneReport(rows)
    console.log(`\n${table.join('\n')}\n\nTargets:\n${verdicts.join('\n')}`)
    console.log(`(${Math.round((Date.now() - started) / 1000)} s; at the end, ${machineLoad()})`)
    return verdicts.some((line) => line.startsWith('FAIL')) ? 1 : 0
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return 1
  } finally {
    await cleanUp()
    unguard()
  }
}
