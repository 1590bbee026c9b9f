// `npm run lighthouse`: Lighthouse scores (performance, accessibility, best practices, SEO) of every
// public page, on mobile (Lighthouse's default: a simulated mid-range phone on slow 4G) and desktop,
// in Debian's Chromium, against the built server started as production on a scratch database.
// Never part of the tests. `npm run bench` calls runLighthouse() on its own server.
//   npm run lighthouse                      every public page, mobile and desktop
//   npm run lighthouse -- /faq /research    some pages only
//   npm run lighthouse -- --mobile /faq     one form factor (--mobile or --desktop)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { scratchDatabase } from './bench-kit.mjs'
import { startBuiltServer } from './built-server.mjs'
import { ensureBuild } from './ensure-build.mjs'
import { cleanUp, cleanups } from './processes.mjs'
import { PUBLIC_ROUTES } from './public-routes.mjs'

/**
 * The targets (issue 26): accessibility, best practices and SEO 1.0 on every page in both form
 * factors, and on the simulated phone a Total Blocking Time of at most 200 ms, the median of three
 * runs. Performance is reported, not judged: on this kind of machine its losses are TBT's.
 */
export const LIGHTHOUSE_TARGETS = { accessibility: 1, 'best-practices': 1, seo: 1 }
export const TBT_TARGET_MS = 200
/** Runs per page on mobile, whose median is judged (TBT swings from run to run on a shared machine). */
export const MOBILE_RUNS = 3
/**
 * A run during which the host took more than this share of the machine's CPU time from it (Linux's
 * "steal") measured the host, not the page, and is measured again, at most MAX_RETAKES times per run.
 * Lighthouse's simulated phone multiplies the tasks it observes by four, so time the virtual CPU
 * spent descheduled shows up as the page's own blocking time. On 2026-11-26 a bench run measured
 * 450-4,000 ms on four pages on which no script runs, in an hour in which the host took 125 s of CPU
 * time from this machine; minutes later the same pages measured 0 in every run, with 0.01 s taken.
 */
export const STOLEN_SHARE_LIMIT = 0.05
const MAX_RETAKES = 2
const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo'])
/** @typedef {(typeof CATEGORIES)[number]} Category */
/** @typedef {keyof typeof LIGHTHOUSE_TARGETS} JudgedCategory */

/**
 * @typedef {object} LighthouseRun
 * @property {string} path
 * @property {'mobile' | 'desktop'} formFactor
 * @property {Record<Category, number | null>} scores the median of the runs, per category
 * @property {number | null} tbtMs the median Total Blocking Time
 * @property {number[]} tbtRuns every run's Total Blocking Time
 * @property {string[]} retaken the runs measured again because the host took the CPU, with what they measured
 * @property {string[]} failed the targets missed
 * @property {string[]} losses the audits that cost points in a failed category
 * @property {string} [runtimeError]
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// This machine's network is closed: Chromium's background traffic would only fail and add noise.
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The machine's CPU time so far (all of it, and what the host took: "steal"), in clock ticks, from
 * /proc/stat; null where there is none.
 * @returns {{ total: number, stolen: number } | null}
 */
function cpuTicks() {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number)
    if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return null
    // Guest time (fields 9 and 10) is already counted in user and nice.
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), stolen: fields[7] ?? 0 }
  } catch {
    return null
  }
}

/**
 * Runs `measure` and says what share of the machine's CPU time the host took meanwhile (0 where it
 * cannot be read).
 * @template T
 * @param {() => Promise<T>} measure
 * @returns {Promise<{ result: T, stolenShare: number }>}
 */
export async function watchingSteal(measure) {
  const before = cpuTicks()
  const result = await measure()
  const after = cpuTicks()
  const total = before && after ? after.total - before.total : 0
  return { result, stolenShare: before && after && total > 0 ? (after.stolen - before.stolen) / total : 0 }
}

/** @param {Array<number | null>} values */
function medianOf(values) {
  const known = /** @type {number[]} */ (values.filter((v) => v !== null)).sort((a, b) => a - b)
  if (known.length === 0) return null
  const middle = Math.floor(known.length / 2)
  return known.length % 2 ? (known[middle] ?? null) : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2
}

/**
 * Scores every path: [{ path, formFactor, scores, tbtMs, … }], mobile MOBILE_RUNS times a page and
 * desktop once. One Chromium for all runs; each run opens its own tab with a clean cache
 * (Lighthouse's default). A page is never touched during a run, so a public page's code, which
 * waits for the visitor to reach for the page (src/server/ssr/after-paint.ts), does not start:
 * this is a visitor who reads. The visitor who taps is the bench's phone table (bench-phone.mjs).
 * @param {{ baseUrl: string, paths?: string[], formFactors?: Array<'mobile' | 'desktop'> }} options
 * @returns {Promise<LighthouseRun[]>}
 */
export async function runLighthouse({ baseUrl, paths = PUBLIC_ROUTES, formFactors = ['mobile', 'desktop'] }) {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`)
  const { default: lighthouse } = await import('lighthouse')
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  /** @type {LighthouseRun[]} */
  const results = []
  /**
   * @param {string} path
   * @param {'mobile' | 'desktop'} formFactor
   */
  const audit = async (path, formFactor) => {
    const once = async () =>
      (
        await lighthouse(
          `${baseUrl}${path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
          formFactor === 'desktop' ? desktopConfig : undefined,
        )
      )?.lhr
    const lhr = await once()
    // Lighthouse now and then fails to record its own trace (NO_NAVSTART, NO_FCP): that says
    // nothing about the page, so the audit is run again once.
    return lhr?.runtimeError ? once() : lhr
  }
  try {
    // A page is rendered once per change of content and then kept (decision 020): a visitor meets a
    // kept page, so each is asked for once before it is audited, as any earlier visitor would have.
    for (const path of paths)
      await (await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()
    for (const formFactor of formFactors) {
      for (const path of paths) {
        /** @type {Array<Awaited<ReturnType<typeof audit>>>} */
        const runs = []
        /** @type {string[]} */
        const retaken = []
        for (let i = 0; i < (formFactor === 'mobile' ? MOBILE_RUNS : 1); i += 1) {
          let take = await watchingSteal(() => audit(path, formFactor))
          for (let again = 0; again < MAX_RETAKES && take.stolenShare > STOLEN_SHARE_LIMIT; again += 1) {
            const tbt = take.result?.audits['total-blocking-time']?.numericValue
            retaken.push(
              `run ${i + 1}: the host took ${Math.round(take.stolenShare * 100)}% of the CPU (TBT ${typeof tbt === 'number' ? Math.round(tbt) : 'n/a'} ms), measured again`,
            )
            take = await watchingSteal(() => audit(path, formFactor))
          }
          if (take.stolenShare > STOLEN_SHARE_LIMIT)
            retaken.push(`run ${i + 1}: the host still took ${Math.round(take.stolenShare * 100)}%; this run counts`)
          runs.push(take.result)
        }
        const scores = /** @type {Record<Category, number | null>} */ (
          Object.fromEntries(
            CATEGORIES.map((id) => [id, medianOf(runs.map((lhr) => lhr?.categories[id]?.score ?? null))]),
          )
        )
        const tbtRuns = runs.flatMap((lhr) => {
          const value = lhr?.audits['total-blocking-time']?.numericValue
          return typeof value === 'number' ? [Math.round(value)] : []
        })
        const tbtMs = medianOf(tbtRuns)
        const judged = /** @type {JudgedCategory[]} */ (Object.keys(LIGHTHOUSE_TARGETS))
        const missed = judged.filter((id) => {
          const score = scores[id]
          if (id === 'seo' && path.includes('?') && onlyKeptOutOfSearchEngines(runs)) return false
          return !(score !== null && score >= LIGHTHOUSE_TARGETS[id])
        })
        /** @type {string[]} */
        const failed = [...missed]
        if (formFactor === 'mobile' && !(tbtMs !== null && tbtMs <= TBT_TARGET_MS)) failed.push('total blocking time')
        // What cost the points, so a failing score says where to look (from the median-most run).
        const last = runs.at(-1)
        const losses = missed.flatMap((id) =>
          (last?.categories[id]?.auditRefs ?? []).flatMap((ref) => {
            const found = last?.audits[ref.id]
            if (!found || ref.weight <= 0 || found.score === null || found.score >= 1) return []
            return [`${found.id}${found.displayValue ? ` (${found.displayValue})` : ''}`]
          }),
        )
        results.push({
          path,
          formFactor,
          scores,
          tbtMs,
          tbtRuns,
          retaken,
          failed,
          losses,
          runtimeError: runs.find((lhr) => lhr?.runtimeError)?.runtimeError?.message,
        })
      }
    }
  } finally {
    await chrome.kill()
  }
  return results
}

/**
 * A page of search results is kept out of search engines on purpose (`noindex`: decision 029), and
 * Lighthouse's SEO score counts that against it. Such a page passes SEO when that audit is the only
 * one lost.
 * @param {Array<import('lighthouse').RunnerResult['lhr'] | undefined>} runs
 */
function onlyKeptOutOfSearchEngines(runs) {
  return runs.every((lhr) =>
    (lhr?.categories.seo?.auditRefs ?? []).every((ref) => {
      const found = lhr?.audits[ref.id]
      return ref.id === 'is-crawlable' || ref.weight <= 0 || !found || found.score === null || found.score >= 1
    }),
  )
}

const fmt = (/** @type {number | null} */ score) => (score === null ? 'n/a' : score.toFixed(2))

/**
 * A table of the results; returns whether every run met every target.
 * @param {LighthouseRun[]} results
 */
export function printLighthouse(results) {
  console.log(
    `\n| page | form factor | performance | Total Blocking Time ms (median; runs) | accessibility | best practices | SEO | verdict |`,
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    const { performance, accessibility, seo } = r.scores
    const verdict =
      r.failed.length === 0
        ? 'PASS'
        : `FAIL (${[...r.failed.filter((f) => f === 'total blocking time'), ...r.losses.slice(0, 4)].join(', ') || r.runtimeError || r.failed.join(', ')})`
    const tbt =
      r.tbtMs === null ? 'n/a' : `${Math.round(r.tbtMs)}${r.tbtRuns.length > 1 ? ` (${r.tbtRuns.join(', ')})` : ''}`
    console.log(
      `| ${r.path} | ${r.formFactor} | ${fmt(performance)} | ${tbt} | ${fmt(accessibility)} | ${fmt(r.scores['best-practices'])} | ${fmt(seo)} | ${verdict} |`,
    )
  }
  const retaken = results.filter((r) => r.retaken.length > 0)
  if (retaken.length > 0) {
    console.log(
      `\nRuns measured again because the host took more than ${STOLEN_SHARE_LIMIT * 100}% of the CPU meanwhile (/proc/stat "steal"):`,
    )
    for (const r of retaken) console.log(`  ${r.path} ${r.formFactor}: ${r.retaken.join('; ')}`)
  }
  return results.every((r) => r.failed.length === 0)
}

async function main() {
  const args = process.argv.slice(2)
  const paths = args.filter((arg) => arg.startsWith('/'))
  /** @type {Array<'mobile' | 'desktop'>} */
  const formFactors = args.includes('--mobile')
    ? ['mobile']
    : args.includes('--desktop')
      ? ['desktop']
      : ['mobile', 'desktop']
  ensureBuild()
  const workDir = mkdtempSync(join(tmpdir(), 'mhbot-lighthouse-'))
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }))
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanUp().finally(() => process.exit(130)))
  try {
    const db = await scratchDatabase(workDir, false)
    const server = await startBuiltServer(db.env, { limitMs: 30 * 60 * 1000, echoLines: 20 })
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${server.base} (${db.label}), Chromium at ${CHROMIUM}`,
    )
    const ok = printLighthouse(
      await runLighthouse({ baseUrl: server.base, paths: paths.length ? paths : PUBLIC_ROUTES, formFactors }),
    )
    console.log(
      `\nLighthouse: Total Blocking Time at most ${TBT_TARGET_MS} ms on mobile (median of ${MOBILE_RUNS}), accessibility, best practices and SEO 1.0 on every page, mobile and desktop: ${ok ? 'PASS' : 'FAIL'}`,
    )
    return ok ? 0 : 1
  } finally {
    await cleanUp()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main())
