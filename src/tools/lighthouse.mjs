// `npm run lighthouse`: Lighthouse scores (performance, accessibility, best practices, SEO) of every
// public page, on mobile (Lighthouse's default: a simulated mid-range phone on slow 4G) and desktop,
// in Debian's Chromium, against the built server started as production on a scratch database.
// Never part of the tests. `npm run bench` calls runLighthouse() on its own server.
//   npm run lighthouse                      every public page, mobile and desktop
//   npm run lighthouse -- /faq /research    some pages only
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { scratchDatabase } from './bench-kit.mjs'
import { startBuiltServer } from './built-server.mjs'
import { ensureBuild } from './ensure-build.mjs'
import { cleanUp, cleanups } from './processes.mjs'
import { PUBLIC_ROUTES } from './public-routes.mjs'

/** The targets of the performance issue: performance at least 0.98, every other category 1.0. */
export const LIGHTHOUSE_TARGETS = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 }
/** @typedef {keyof typeof LIGHTHOUSE_TARGETS} Category */
const CATEGORIES = /** @type {Category[]} */ (Object.keys(LIGHTHOUSE_TARGETS))

/**
 * @typedef {object} LighthouseRun
 * @property {string} path
 * @property {'mobile' | 'desktop'} formFactor
 * @property {Record<Category, number | null>} scores
 * @property {Category[]} failed
 * @property {string[]} losses the audits that cost points in a failed category
 * @property {string} [runtimeError]
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// This machine's network is closed: Chromium's background traffic would only fail and add noise.
const CHROME_FLAGS = [
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
 * Scores every path in both form factors: [{ path, formFactor, scores: { performance, … }, failed }].
 * One Chromium for all runs; each run opens its own tab with a clean cache (Lighthouse's default).
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
    const runner = await lighthouse(
      `${baseUrl}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    )
    return runner?.lhr
  }
  try {
    // A page is rendered once per change of content and then kept (decision 020): a visitor meets a
    // kept page, so each is asked for once before it is audited, as any earlier visitor would have.
    for (const path of paths)
      await (await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()
    for (const formFactor of formFactors) {
      for (const path of paths) {
        let lhr = await audit(path, formFactor)
        // Lighthouse now and then fails to record its own trace (NO_NAVSTART, NO_FCP): that says
        // nothing about the page, so the audit is run again once.
        if (lhr?.runtimeError) lhr = await audit(path, formFactor)
        const scores = /** @type {Record<Category, number | null>} */ (
          Object.fromEntries(CATEGORIES.map((id) => [id, lhr?.categories[id]?.score ?? null]))
        )
        const failed = CATEGORIES.filter((id) => {
          const score = scores[id]
          return !(score !== null && score >= LIGHTHOUSE_TARGETS[id])
        })
        // What cost the points, so a failing score says where to look.
        const losses = failed.flatMap((id) =>
          (lhr?.categories[id]?.auditRefs ?? []).flatMap((ref) => {
            const audit = lhr?.audits[ref.id]
            if (!audit || ref.weight <= 0 || audit.score === null || audit.score >= 1) return []
            return [`${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`]
          }),
        )
        results.push({ path, formFactor, scores, failed, losses, runtimeError: lhr?.runtimeError?.message })
      }
    }
  } finally {
    await chrome.kill()
  }
  return results
}

const fmt = (/** @type {number | null} */ score) => (score === null ? 'n/a' : score.toFixed(2))

/**
 * A table of the results and one verdict line; returns whether every run met every target.
 * @param {LighthouseRun[]} results
 */
export function printLighthouse(results) {
  console.log('\n| page | form factor | performance | accessibility | best practices | SEO | verdict |')
  console.log('|---|---|---|---|---|---|---|')
  for (const r of results) {
    const { performance, accessibility, seo } = r.scores
    const verdict =
      r.failed.length === 0
        ? 'PASS'
        : `FAIL (${r.losses.slice(0, 4).join(', ') || r.runtimeError || r.failed.join(', ')})`
    console.log(
      `| ${r.path} | ${r.formFactor} | ${fmt(performance)} | ${fmt(accessibility)} | ${fmt(r.scores['best-practices'])} | ${fmt(seo)} | ${verdict} |`,
    )
  }
  return results.every((r) => r.failed.length === 0)
}

async function main() {
  const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
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
      await runLighthouse({ baseUrl: server.base, paths: paths.length ? paths : PUBLIC_ROUTES }),
    )
    console.log(
      `\nLighthouse: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility, best practices and SEO 1.0 on every page, mobile and desktop: ${ok ? 'PASS' : 'FAIL'}`,
    )
    return ok ? 0 : 1
  } finally {
    await cleanUp()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main())
