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
//       paths       the pages to measure (default PUBLIC_PATHS)
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
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { serverArgs } from './ensure-build.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Every public page of the site (docs/product.md). */
export const PUBLIC_PATHS = [
  '/',
  '/research',
  '/resources',
  '/faq',
  '/about',
  '/about/position-statement',
  '/about/mission-statement',
  '/benefits',
  '/safety',
  '/education',
  '/contact',
  '/share-your-experience',
  '/privacy',
  '/sitemap',
]

/** Compressed bytes per public route (1 KB = 1000 bytes), gzip as the budget is written. */
export const BUDGET = { jsGzip: 140_000, cssGzip: 30_000 }

const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1] ?? null

/** The scripts, module preloads and stylesheets a server-rendered page names, in document order. */
export function assetsInHtml(html) {
  const scripts = []
  const preloads = []
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

const sizeCache = new Map()

/** Raw, gzip and brotli bytes of one built asset ('/assets/x.js'). */
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

const sum = (files) =>
  files.reduce((total, f) => ({ raw: total.raw + f.raw, gzip: total.gzip + f.gzip, brotli: total.brotli + f.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  })

const readManifest = (clientDist) => JSON.parse(readFileSync(join(clientDist, '.vite', 'manifest.json'), 'utf8'))

/** The manifest keys of `keys` and of everything they import statically. */
function staticClosure(manifest, keys) {
  const seen = new Set()
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
 */
export function adminOnlyFiles(clientDist) {
  const manifest = readManifest(clientDist)
  const isAdmin = (key) => /^src\/client\/(admin\/|routes\/admin[.?])/.test(key)
  const keys = Object.keys(manifest)
  const fromAdmin = staticClosure(manifest, keys.filter(isAdmin))
  const fromPublic = staticClosure(
    manifest,
    keys.filter((key) => !isAdmin(key) && (manifest[key].isEntry || manifest[key].isDynamicEntry)),
  )
  return new Set([...fromAdmin].filter((key) => !fromPublic.has(key)).map((key) => `/${manifest[key].file}`))
}

/**
 * The chunks that load after the page on purpose: the targets of the entry's dynamic imports that
 * are not route chunks (the deferred UI, tRPC's HTTP link), with everything they import. A page's
 * first render is what it names plus anything else it fetched that is not in this set.
 */
export function deferredFiles(clientDist) {
  const manifest = readManifest(clientDist)
  const targets = Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .filter((key) => !key.includes('?tsr-split'))
  return new Set([...staticClosure(manifest, targets)].map((key) => `/${manifest[key].file}`))
}

/**
 * The scripts and stylesheets one page makes the browser fetch until its network is idle, from the
 * page's own Resource Timing.
 */
async function watchInBrowser(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    // The code starts after the first paint, so the load event does not wait for it: the network
    // going quiet does.
    await page.goto(url, { waitUntil: 'networkidle' })
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

/** See the header of this file. */
export async function firstLoad({ baseUrl, clientDist = join(root, 'dist', 'client'), paths = PUBLIC_PATHS, browser }) {
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
    const result = {
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
      result.browser = {
        requested: firstRender,
        extra: firstRender.filter((file) => !named.has(file)),
        missing: [...named].filter((file) => !requested.includes(file)),
        deferred: requested.filter((file) => !firstRender.includes(file)),
      }
      // What the browser really fetched for the first render, waterfall included.
      const fetched = firstRender
        .filter((file) => existsSync(join(clientDist, file)))
        .map((f) => assetSize(clientDist, f))
      result.browser.totals = {
        js: sum(fetched.filter((f) => f.file.endsWith('.js'))),
        css: sum(fetched.filter((f) => f.file.endsWith('.css'))),
      }
    }
    result.verdict = verdict(result)
    results.push(result)
  }
  return results
}

/** Whether one measured route keeps the budget, and why not. */
export function verdict(result, budget = BUDGET) {
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

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`

/** The results as a plain-text table, one line per route. */
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
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
  const line = (cells) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')
  return [
    `Budget per route: JS ≤ ${kb(budget.jsGzip)} gzip, CSS ≤ ${kb(budget.cssGzip)} gzip (1 KB = 1000 bytes).`,
    'JS/CSS: what the HTML names; fetched JS: what Chromium fetched for the first render (deferred chunks apart).',
    line(header),
    ...rows.map(line),
  ].join('\n')
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** Starts the built server as tests/helpers/server.ts does, on a throwaway PGlite folder. */
async function startServer() {
  const args = serverArgs()
  const main = args.at(-1)
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`)
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'mhbot-first-load-'))
  let output = ''
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: 'first-load-secret-first-load-secret-0123',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
  })
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the server exited early (${child.exitCode}):\n${output}`)
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the server was not ready within 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  return { baseUrl, stop }
}

async function launchChromium() {
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

async function main(args) {
  const paths = args.filter((arg) => arg.startsWith('/'))
  const server = await startServer()
  let browser = null
  try {
    browser = args.includes('--no-browser') ? null : await launchChromium()
    if (!browser) console.log('(no Chromium: the waterfall check is skipped)')
    const results = await firstLoad({ baseUrl: server.baseUrl, paths: paths.length ? paths : PUBLIC_PATHS, browser })
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
    await server.stop()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2))
}
