// First-load weight of the public pages: the JavaScript and CSS a browser must fetch before a page
// is interactive, per route, against the budget of docs/decisions/021-first-load-budget.md.
//
//   node src/tools/first-load.mjs [--no-browser] [/path ...]
//       Builds nothing. Starts dist/server/main.js (production, a throwaway PGlite DATA_DIR) on a
//       free port, measures every public path (or the ones given), prints a table with PASS/FAIL
//       per route, stops the server. Exits 1 when a route is over budget, carries admin code or
//       loads a script the HTML did not announce (a waterfall).
//
//   import { firstLoad } from './first-load.mjs'
//   const results = await firstLoad({ baseUrl, clientDist, paths, browser })
//       baseUrl     a running built server, e.g. 'http://127.0.0.1:3000'
//       clientDist  the built client folder that server serves (default dist/client)
//       paths       the pages to measure (default PUBLIC_ROUTES, public-routes.mjs)
//       browser     optional playwright-core Browser: each page is also loaded in it until the
//                   network is idle, and its script and stylesheet requests are compared with the HTML's
//       Returns one result per path: { path, status, js, css, totals, admin, browser, verdict }.
//       js/css: [{ file, raw, gzip, brotli }] (bytes; gzip/brotli from the .gz/.br files the build
//       writes beside each asset, compressed here when a file is too small to have them).
//       totals: { js: { raw, gzip, brotli }, css: { raw, gzip, brotli } }.
//       admin: first-load files that belong to the admin screens only (must be empty).
//       browser (with a browser): { requested, extra, missing, deferred, totals }: deferred are the
//       chunks loaded on purpose after the page (dynamic imports of code no first render needs, such
//       as the menus and tRPC's HTTP link: docs/decisions/021-first-load-budget.md); extra are the
//       other scripts or stylesheets fetched that the HTML did not name (a waterfall); totals sums
//       what was really fetched for the first render, extra files included.
//       verdict: { pass, problems } against BUDGET (and the admin and waterfall rules).
//
// What counts is read from the server-rendered HTML, so it is exactly what the server links:
// <link rel="stylesheet">, and the scripts: the after-paint loader's data-entry and data-preload
// (src/server/ssr/after-paint.ts), or <script type="module" src> and <link rel="modulepreload">.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { startBuiltServer } from './built-server.mjs'
import { root } from './ensure-build.mjs'
import { cleanUp, cleanups } from './processes.mjs'
import { PUBLIC_ROUTES } from './public-routes.mjs'

/** Compressed bytes per public route (1 KB = 1000 bytes), gzip as the budget is written. */
// The JavaScript budget the council settled on (docs/decisions/021-first-load-budget.md, last update).
export const BUDGET = { jsGzip: 170_000, cssGzip: 30_000 }

/**
 * @typedef {{ file: string, raw: number, gzip: number, brotli: number }} AssetSize
 * @typedef {{ raw: number, gzip: number, brotli: number }} Sizes
 * @typedef {object} BrowserLoad
 * @property {string[]} requested
 * @property {string[]} extra
 * @property {string[]} missing
 * @property {string[]} deferred
 * @property {{ js: Sizes, css: Sizes }} totals
 * @typedef {object} FirstLoadResult
 * @property {string} path
 * @property {number} status
 * @property {AssetSize[]} js
 * @property {AssetSize[]} css
 * @property {{ js: Sizes, css: Sizes }} totals
 * @property {string[]} admin
 * @property {BrowserLoad} [browser]
 * @property {{ pass: boolean, problems: string[] }} verdict
 * @typedef {{ file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean, isDynamicEntry?: boolean }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/**
 * @param {string} tag
 * @param {string} name
 */
const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1] ?? null

/**
 * The scripts, module preloads and stylesheets a server-rendered page names, in document order.
 * @param {string} html
 */
export function assetsInHtml(html) {
  /** @type {string[]} */
  const scripts = []
  /** @type {string[]} */
  const preloads = []
  /** @type {string[]} */
  const stylesheets = []
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src') ?? attribute(tag, 'data-entry')
    if (src) scripts.push(src)
    for (const file of (attribute(tag, 'data-preload') ?? '').split(' ')) if (file) preloads.push(file)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase()
    const href = attribute(tag, 'href')
    if (!href) continue
    if (rel === 'modulepreload') preloads.push(href)
    if (rel === 'stylesheet') stylesheets.push(href)
  }
  return { scripts, preloads, stylesheets }
}

/** @type {Map<string, AssetSize>} */
const sizeCache = new Map()

/**
 * Raw, gzip and brotli bytes of one built asset ('/assets/x.js').
 * @param {string} clientDist
 * @param {string} url
 * @returns {AssetSize}
 */
function assetSize(clientDist, url) {
  const file = join(clientDist, new URL(url, 'http://x').pathname)
  const cached = sizeCache.get(file)
  if (cached) return cached
  if (!existsSync(file)) throw new Error(`${url} is linked by the page but ${file} does not exist`)
  const source = readFileSync(file)
  const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(source, { level: 9 }).length
  const brotli = existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).length
    : brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length
  const size = { file: url, raw: source.length, gzip, brotli }
  sizeCache.set(file, size)
  return size
}

/**
 * @param {AssetSize[]} files
 * @returns {Sizes}
 */
const sum = (files) =>
  files.reduce((total, f) => ({ raw: total.raw + f.raw, gzip: total.gzip + f.gzip, brotli: total.brotli + f.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  })

/**
 * @param {string} clientDist
 * @returns {Manifest}
 */
const readManifest = (clientDist) => JSON.parse(readFileSync(join(clientDist, '.vite', 'manifest.json'), 'utf8'))

/**
 * The manifest keys of `keys` and of everything they import statically.
 * @param {Manifest} manifest
 * @param {string[]} keys
 */
function staticClosure(manifest, keys) {
  /** @type {Set<string>} */
  const seen = new Set()
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const next of chunk.imports ?? []) visit(next)
  }
  for (const key of keys) visit(key)
  return seen
}

/**
 * The built files that only the admin screens use: chunks reachable from an admin route (or
 * src/client/admin) and from no public entry or route in Vite's manifest.
 * @param {string} clientDist
 */
export function adminOnlyFiles(clientDist) {
  const manifest = readManifest(clientDist)
  /** @param {string} key */
  const isAdmin = (key) => /^src\/client\/(admin\/|routes\/admin[.?])/.test(key)
  const keys = Object.keys(manifest)
  const fromAdmin = staticClosure(manifest, keys.filter(isAdmin))
  const fromPublic = staticClosure(
    manifest,
    keys.filter((key) => !isAdmin(key) && (manifest[key]?.isEntry || manifest[key]?.isDynamicEntry)),
  )
  return filesOf(
    manifest,
    [...fromAdmin].filter((key) => !fromPublic.has(key)),
  )
}

/**
 * The built files of manifest keys, as the pages link them ('/assets/x.js').
 * @param {Manifest} manifest
 * @param {Iterable<string>} keys
 */
const filesOf = (manifest, keys) =>
  new Set([...keys].flatMap((key) => (manifest[key] ? [`/${manifest[key].file}`] : [])))

/**
 * The chunks that load after the page on purpose: the targets of the entry's dynamic imports that
 * are not route chunks (the deferred UI, tRPC's HTTP link), with everything they import. A page's
 * first render is what it names plus anything else it fetched that is not in this set.
 * @param {string} clientDist
 */
export function deferredFiles(clientDist) {
  const manifest = readManifest(clientDist)
  const targets = Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .filter((key) => !key.includes('?tsr-split'))
  return filesOf(manifest, staticClosure(manifest, targets))
}

/**
 * The scripts and stylesheets one page makes the browser fetch until its network is idle, from the
 * page's own Resource Timing.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @returns {Promise<string[]>}
 */
async function watchInBrowser(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    // A public page's code starts when the visitor reaches for the page (src/server/ssr/after-paint.ts):
    // what is measured is what that visitor's browser fetches, so a key is pressed once the page has
    // loaded, and the network going quiet ends the watch.
    await page.goto(url, { waitUntil: 'load' })
    await page.keyboard.press('Shift')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    await page.waitForLoadState('networkidle')
    return await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /\.(js|css)$/.test(path)),
    )
  } finally {
    await context.close()
  }
}

/** How long a visit is watched for the JavaScript it decodes (issue 26's "first 10 seconds"). */
export const VISIT_SECONDS = 10

/**
 * The JavaScript a phone-sized visit decodes (uncompressed bytes, as the engine parses them) in its
 * first VISIT_SECONDS: every script's bytes that arrived in that time, deferred chunks included.
 * `reach`: the visitor presses a key as soon as the page has loaded (which starts a public page's
 * code); without it the visitor only reads.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ reach: boolean }} options
 * @returns {Promise<{ bytes: number, files: number }>}
 */
export async function visitJavaScript(browser, url, { reach }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    // Chromium's own count of the bytes it decoded per response (DevTools protocol): module
    // preloads, the entry and every later chunk alike, whatever the transfer's compression.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    /** @type {Set<string>} */
    const scripts = new Set()
    let bytes = 0
    const started = Date.now()
    const inWindow = () => Date.now() - started <= VISIT_SECONDS * 1000
    cdp.on('Network.responseReceived', (event) => {
      if (/javascript|ecmascript/i.test(event.response.mimeType)) scripts.add(event.requestId)
    })
    cdp.on('Network.dataReceived', (event) => {
      if (scripts.has(event.requestId) && inWindow()) bytes += event.dataLength
    })
    await page.goto(url, { waitUntil: 'load' })
    if (reach) await page.keyboard.press('Shift')
    await page.waitForTimeout(Math.max(0, VISIT_SECONDS * 1000 - (Date.now() - started)))
    return { bytes, files: scripts.size }
  } finally {
    await context.close()
  }
}

/**
 * See the header of this file.
 * @param {{ baseUrl: string, clientDist?: string, paths?: string[], browser?: import('playwright-core').Browser }} options
 * @returns {Promise<FirstLoadResult[]>}
 */
export async function firstLoad({
  baseUrl,
  clientDist = join(root, 'dist', 'client'),
  paths = PUBLIC_ROUTES,
  browser,
}) {
  const adminFiles = adminOnlyFiles(clientDist)
  const deferred = deferredFiles(clientDist)
  const results = []
  for (const path of paths) {
    const response = await fetch(new URL(path, baseUrl), { headers: { 'accept-encoding': 'identity' } })
    const html = await response.text()
    const { scripts, preloads, stylesheets } = assetsInHtml(html)
    const jsFiles = [...new Set([...scripts, ...preloads])]
    const cssFiles = [...new Set(stylesheets)]
    const js = jsFiles.map((file) => assetSize(clientDist, file))
    const css = cssFiles.map((file) => assetSize(clientDist, file))
    /** @type {Omit<FirstLoadResult, 'verdict'>} */
    const measured = {
      path,
      status: response.status,
      js,
      css,
      totals: { js: sum(js), css: sum(css) },
      admin: jsFiles.filter((file) => adminFiles.has(file)),
    }
    if (browser) {
      const requests = await watchInBrowser(browser, new URL(path, baseUrl).href)
      const named = new Set([...jsFiles, ...cssFiles])
      const requested = [...new Set(requests)]
      const firstRender = requested.filter((file) => named.has(file) || !deferred.has(file))
      // What the browser really fetched for the first render, waterfall included.
      const fetched = firstRender
        .filter((file) => existsSync(join(clientDist, file)))
        .map((f) => assetSize(clientDist, f))
      measured.browser = {
        requested: firstRender,
        extra: firstRender.filter((file) => !named.has(file)),
        missing: [...named].filter((file) => !requested.includes(file)),
        deferred: requested.filter((file) => !firstRender.includes(file)),
        totals: {
          js: sum(fetched.filter((f) => f.file.endsWith('.js'))),
          css: sum(fetched.filter((f) => f.file.endsWith('.css'))),
        },
      }
    }
    results.push({ ...measured, verdict: verdict(measured) })
  }
  return results
}

/**
 * Whether one measured route keeps the budget, and why not.
 * @param {Omit<FirstLoadResult, 'verdict'>} result
 * @param {typeof BUDGET} [budget]
 * @returns {FirstLoadResult['verdict']}
 */
export function verdict(result, budget = BUDGET) {
  /** @type {string[]} */
  const problems = []
  if (result.status !== 200) problems.push(`status ${result.status}`)
  const jsGzip = Math.max(result.totals.js.gzip, result.browser?.totals.js.gzip ?? 0)
  if (jsGzip > budget.jsGzip) problems.push(`JS ${kb(jsGzip)} > ${kb(budget.jsGzip)}`)
  if (result.totals.css.gzip > budget.cssGzip)
    problems.push(`CSS ${kb(result.totals.css.gzip)} > ${kb(budget.cssGzip)}`)
  if (result.admin.length > 0) problems.push(`admin code: ${result.admin.join(', ')}`)
  if (result.browser?.extra.length) problems.push(`not in the HTML (waterfall): ${result.browser.extra.join(', ')}`)
  return { pass: problems.length === 0, problems }
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`

/**
 * The results as a plain-text table, one line per route.
 * @param {FirstLoadResult[]} results
 * @param {typeof BUDGET} [budget]
 */
export function formatTable(results, budget = BUDGET) {
  const header = ['route', 'JS files', 'JS raw', 'JS gzip', 'JS br', 'CSS gzip', 'CSS br', 'fetched JS gzip', 'verdict']
  const rows = results.map((r) => [
    r.path,
    String(r.js.length),
    kb(r.totals.js.raw),
    kb(r.totals.js.gzip),
    kb(r.totals.js.brotli),
    kb(r.totals.css.gzip),
    kb(r.totals.css.brotli),
    r.browser ? kb(r.browser.totals.js.gzip) : '-',
    r.verdict.pass ? 'PASS' : `FAIL (${r.verdict.problems.join('; ')})`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')
  return [
    `Budget per route: JS ≤ ${kb(budget.jsGzip)} gzip, CSS ≤ ${kb(budget.cssGzip)} gzip (1 KB = 1000 bytes).`,
    'JS/CSS: what the HTML names; fetched JS: what Chromium fetched for the first render (deferred chunks apart).',
    line(header),
    ...rows.map(line),
  ].join('\n')
}

/**
 * Debian's Chromium (or CHROMIUM_PATH) through playwright-core, or null when there is none.
 * @returns {Promise<import('playwright-core').Browser | null>}
 */
export async function launchChromium() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(executablePath)) return null
  const { chromium } = await import('playwright-core')
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
}

/** @param {string[]} args */
async function main(args) {
  const paths = args.filter((arg) => arg.startsWith('/'))
  const dataDir = mkdtempSync(join(tmpdir(), 'mhbot-first-load-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanUp().finally(() => process.exit(130)))
  /** @type {import('playwright-core').Browser | null} */
  let browser = null
  try {
    const server = await startBuiltServer({ DATA_DIR: dataDir }, { limitMs: 30 * 60 * 1000 })
    browser = args.includes('--no-browser') ? null : await launchChromium()
    if (!browser) console.log('(no Chromium: the waterfall check is skipped)')
    const results = await firstLoad({
      baseUrl: server.base,
      paths: paths.length ? paths : PUBLIC_ROUTES,
      browser: browser ?? undefined,
    })
    console.log(formatTable(results))
    for (const r of results) {
      if (r.browser?.deferred.length)
        console.log(`${r.path}: loaded after the page on purpose (deferred): ${r.browser.deferred.join(', ')}`)
      if (r.browser?.missing.length) console.log(`${r.path}: named but not fetched: ${r.browser.missing.join(', ')}`)
    }
    if (args.includes('--json')) console.log(JSON.stringify(results, null, 2))
    return results.every((r) => r.verdict.pass) ? 0 : 1
  } finally {
    await browser?.close()
    await cleanUp()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2))
}
