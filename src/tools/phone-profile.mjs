// Where a phone's main thread goes after the first tap on a public page: the bench's throttled
// phone (bench-phone.mjs: 390x844, touch, CPU slowed 4x), a first tap and one 150 ms later, and a
// CPU profile of the seconds that follow, summed by built chunk and, where the build left source
// maps beside its chunks, by package and source file; with the long animation frames the page
// reported, each with its scripts. For deciding what to cut, not a verdict: never part of the tests.
//   node src/tools/phone-profile.mjs /faq /            the pages (default: / and /faq)
//   node src/tools/phone-profile.mjs --rate 1 /faq     another CPU slowdown
//   node src/tools/phone-profile.mjs --top 20 /faq     longer lists (default 10)
//   node src/tools/phone-profile.mjs --runs 5 /faq     visits per page, their mean (default 3)
//   node src/tools/phone-profile.mjs --trace /faq      as many traced visits more: style, layout,
//                                                      compiling, which a profile calls (program)
// Source maps: `npx vite build --sourcemap hidden` writes them beside the chunks without naming them
// in the chunks, so the pages served are the same bytes; the tool reads dist/client/assets/*.map.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { scratchDatabase } from './bench-kit.mjs'
import { collectRows, observeInPage, PHONE, TAP_EVENT_NAMES, tapPoints } from './bench-phone.mjs'
import { guardRun, tempDir } from './bench-run.mjs'
import { startBuiltServer } from './built-server.mjs'
import { ensureBuild, root } from './ensure-build.mjs'
import { launchChromium } from './first-load.mjs'
import { cleanUp, sleep } from './processes.mjs'

/** What is tapped on a page (as the phone table taps it). */
const TAP_OF = /** @type {Record<string, import('./bench-phone.mjs').TapKind>} */ ({
  '/faq': 'faq',
  '/research': 'cite',
  '/resources': 'tab',
  '/contact': 'field',
})
/** How long after the first tap the profile runs. */
const PROFILE_MS = 6000

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * A source map's mappings, per generated line: [column, source index, name index or -1] triples
 * in column order (the Source Map v3 format's Base64 VLQ segments, read directly).
 * @param {string} mappings
 * @returns {number[][]} per line, flat triples
 */
function decodeMappings(mappings) {
  /** @type {number[][]} */
  const lines = []
  let source = 0
  let name = 0
  for (const line of mappings.split(';')) {
    /** @type {number[]} */
    const segments = []
    let column = 0
    for (const segment of line.split(',')) {
      if (!segment) continue
      /** @type {number[]} */
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0] ?? 0
      if (fields.length >= 4) {
        source += fields[1] ?? 0
        if (fields.length >= 5) name += fields[4] ?? 0
        segments.push(column, source, fields.length >= 5 ? name : -1)
      }
    }
    lines.push(segments)
  }
  return lines
}

/** @type {Map<string, { sources: string[], names: string[], lines: number[][] } | null>} */
const maps = new Map()

/**
 * The source file a position of a built chunk comes from, and the original name there if the map
 * keeps one (a function's start maps to its name), or null without a map.
 * @param {string} url the chunk's URL
 * @param {number} line 0-based, as the profiler gives it
 * @param {number} column 0-based
 * @returns {{ source: string, name: string | null } | null}
 */
function original(url, line, column) {
  const path = new URL(url).pathname
  if (!maps.has(path)) {
    const file = join(root, 'dist', 'client', `${path}.map`)
    if (!existsSync(file)) maps.set(path, null)
    else {
      /** @type {{ sources: string[], names?: string[], mappings: string }} */
      const map = JSON.parse(readFileSync(file, 'utf8'))
      maps.set(path, { sources: map.sources, names: map.names ?? [], lines: decodeMappings(map.mappings) })
    }
  }
  const map = maps.get(path)
  const segments = map?.lines[line]
  if (!map || !segments?.length) return null
  // The last segment that starts at or before the column.
  let low = 0
  let high = segments.length / 3 - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((segments[middle * 3] ?? 0) <= column) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  if (found < 0) return null
  const source = map.sources[segments[found * 3 + 1] ?? 0]
  const name = segments[found * 3 + 2] ?? -1
  return source ? { source, name: name >= 0 ? (map.names[name] ?? null) : null } : null
}

/**
 * A source file's package (`react-dom`, `@mantine/core`) or, for the app's own code, its path.
 * @param {string} source
 */
function packageOf(source) {
  const inModules = source.lastIndexOf('node_modules/')
  if (inModules < 0) return source.replace(/^(\.\.\/)+/, '')
  const [first = '', second = ''] = source.slice(inModules + 'node_modules/'.length).split('/')
  return first.startsWith('@') ? `${first}/${second}` : first
}

/** @param {string} source */
const shortFile = (source) => {
  const inModules = source.lastIndexOf('node_modules/')
  return inModules < 0 ? source.replace(/^(\.\.\/)+/, '') : source.slice(inModules + 'node_modules/'.length)
}

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], startTime: number, endTime: number, samples: number[], timeDeltas: number[] }} CpuProfile
 */

/**
 * Self time (ms) by chunk, package, source file and function in one profile, and time by task
 * root: the frame at the bottom of each sample's stack (a module's top level is its evaluation; the
 * scheduler's entry is React's work; the page's own `r` is the loader that starts the code).
 * @param {CpuProfile} profile
 */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  /** @type {Map<number, number>} */
  const parent = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  /** @type {Record<'chunk' | 'package' | 'file' | 'fn' | 'root', Map<string, number>>} */
  const sums = { chunk: new Map(), package: new Map(), file: new Map(), fn: new Map(), root: new Map() }
  const add = (/** @type {Map<string, number>} */ into, /** @type {string} */ key, /** @type {number} */ ms) =>
    into.set(key, (into.get(key) ?? 0) + ms)
  /** @param {ProfileNode} node */
  const describe = (node) => {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame
    const chunk = url ? new URL(url).pathname.replace(/^\/assets\//, '') : functionName || '(anonymous)'
    const mapped = url ? original(url, lineNumber, columnNumber) : null
    const name = functionName ? (mapped?.name ?? functionName) : '(top level)'
    return { chunk, mapped, label: `${name} ${mapped ? shortFile(mapped.source) : chunk}` }
  }
  let total = 0
  profile.samples.forEach((id, i) => {
    // A sample's delta is the time until the next one: that much is this sample's.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const node = byId.get(id)
    if (!node || node.callFrame.functionName === '(idle)') return
    total += ms
    const { chunk, mapped, label } = describe(node)
    add(sums.chunk, chunk, ms)
    add(sums.package, mapped ? packageOf(mapped.source) : node.callFrame.url ? `${chunk} (no map)` : chunk, ms)
    if (mapped) add(sums.file, shortFile(mapped.source), ms)
    add(sums.fn, label, ms)
    let bottom = node
    for (let up = parent.get(bottom.id); up !== undefined; up = parent.get(up)) {
      const next = byId.get(up)
      if (!next || next.callFrame.functionName === '(root)') break
      bottom = next
    }
    add(sums.root, describe(bottom).label, ms)
  })
  return { total, ...sums }
}

/**
 * One profiled visit: load, idle, a tap and one 150 ms later, PROFILE_MS of profile.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {import('./bench-phone.mjs').TapKind} kind
 * @param {number} rate
 * @param {boolean} [trace] a trace of the main thread's work (style, layout, compiling) instead of a profile
 */
async function profileVisit(browser, url, kind, rate, trace = false) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(observeInPage, TAP_EVENT_NAMES)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await page.evaluate(tapPoints, { kind, scroll: true })
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {})
    await page
      .evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })))
      .catch(() => {})
    const [first, second] = await page.evaluate(tapPoints, { kind, scroll: false })
    if (!first || !second) throw new Error(`${url}: nothing to tap for "${kind}"`)
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES })
    else {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const t0 = Date.now()
    /** @param {{ x: number, y: number }} point */
    const tap = (point) =>
      Promise.all([
        cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: point.x, y: point.y }] }),
        sleep(50).then(() => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })),
      ])
    await Promise.all([tap(first), sleep(PHONE.secondTapMs).then(() => tap(second))])
    await sleep(Math.max(0, t0 + PROFILE_MS - Date.now()))
    const profile = trace ? null : /** @type {{ profile: CpuProfile }} */ (await cdp.send('Profiler.stop')).profile
    const traced = trace ? (await browser.stopTracing()).toString('utf8') : null
    const reported = await collectRows(page)
    const frames = /** @type {import('./bench-phone.mjs').LoafRow[]} */ (
      reported.filter((row) => row.kind === 'loaf' && row.at >= t0 - 30)
    ).map((frame) => ({ ...frame, at: frame.at - t0 }))
    return { profile, traced, frames }
  } finally {
    await context.close()
  }
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
]
/** Trace events about one script, summed per script's file too. */
const SCRIPT_EVENTS = new Set([
  'v8.compileModule',
  'v8.evaluateModule',
  'EvaluateScript',
  'v8.compile',
  'v8.produceModuleCache',
])

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, args?: { name?: string, fileName?: string, data?: { url?: string, type?: string } } }} TraceEvent
 */

/**
 * Self time (ms) by trace event on the page's main thread, from its first touch on for
 * PROFILE_MS, and for script events by file as well. A task's own time (RunTask) is what no nested
 * event accounts for.
 * @param {string} json
 */
function summarizeTrace(json) {
  /** @type {{ traceEvents: TraceEvent[] }} */
  const { traceEvents } = JSON.parse(json)
  const mains = traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const touch = traceEvents.find(
    (e) => e.name === 'EventDispatch' && (e.args?.data?.type === 'touchstart' || e.args?.data?.type === 'pointerdown'),
  )
  const main = mains.find((m) => touch && m.pid === touch.pid && m.tid === touch.tid)
  /** @type {Map<string, number>} */
  const byName = new Map()
  /** @type {Map<string, number>} */
  const byScript = new Map()
  if (!main || !touch) return { byName, byScript, total: 0 }
  const from = touch.ts
  const to = from + PROFILE_MS * 1000
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  /** @type {Array<{ event: TraceEvent, end: number, self: number }>} */
  const stack = []
  /** @param {{ event: TraceEvent, self: number }} done */
  const close = (done) => {
    const ms = done.self / 1000
    byName.set(done.event.name, (byName.get(done.event.name) ?? 0) + ms)
    if (SCRIPT_EVENTS.has(done.event.name)) {
      const file = done.event.args?.fileName ?? done.event.args?.data?.url ?? '(inline)'
      const key = `${done.event.name} ${file.split('/').pop() || file}`
      byScript.set(key, (byScript.get(key) ?? 0) + ms)
    }
  }
  let total = 0
  for (const event of events) {
    const end = event.ts + (event.dur ?? 0)
    while (stack.length && (stack.at(-1)?.end ?? 0) <= event.ts) {
      const done = stack.pop()
      if (done) close(done)
    }
    const parent = stack.at(-1)
    if (parent) parent.self -= event.dur ?? 0
    else total += (event.dur ?? 0) / 1000
    stack.push({ event, end, self: event.dur ?? 0 })
  }
  for (const done of stack.reverse()) close(done)
  return { byName, byScript, total }
}

/**
 * The mean of several visits' sums, key by key.
 * @param {Array<ReturnType<typeof summarize>>} each at least one
 */
function mean(each) {
  /** @param {'chunk' | 'package' | 'file' | 'fn' | 'root'} kind */
  const merge = (kind) => {
    /** @type {Map<string, number>} */
    const into = new Map()
    for (const one of each) for (const [key, ms] of one[kind]) into.set(key, (into.get(key) ?? 0) + ms / each.length)
    return into
  }
  return {
    total: each.reduce((sum, one) => sum + one.total, 0) / each.length,
    chunk: merge('chunk'),
    package: merge('package'),
    file: merge('file'),
    fn: merge('fn'),
    root: merge('root'),
  }
}

/**
 * @param {Map<string, number>} sums
 * @param {number} top
 */
const ranked = (sums, top) =>
  [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${key}`)
    .join('\n')

/** @param {string[]} argv */
async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      rate: { type: 'string' },
      top: { type: 'string' },
      runs: { type: 'string' },
      trace: { type: 'boolean' },
      pglite: { type: 'boolean' },
    },
  })
  const rate = Number(values.rate ?? PHONE.cpuRate)
  const top = Number(values.top ?? 10)
  const runs = Math.max(1, Number(values.runs ?? 3))
  const paths = positionals.length ? positionals : ['/', '/faq']
  const unguard = guardRun({ stopping: 'stopping the server and the browser…', limitMs: 15 * 60 * 1000 })
  ensureBuild()
  const browser = await launchChromium()
  if (!browser) throw new Error('no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)')
  try {
    const db = await scratchDatabase(tempDir('mhbot-phone-profile-'), Boolean(values.pglite))
    const server = await startBuiltServer(db.env, { limitMs: 15 * 60 * 1000 })
    console.log(
      `CPU slowed ${rate}x, ${PHONE.width}x${PHONE.height} touch; a tap, another ${PHONE.secondTapMs} ms later, then ${PROFILE_MS / 1000} s profiled. Self time, in the slowed CPU's milliseconds.`,
    )
    for (const path of paths) {
      await (await fetch(`${server.base}${path}`)).arrayBuffer()
      /** @type {Array<ReturnType<typeof summarize>>} */
      const each = []
      /** @type {import('./bench-phone.mjs').LoafRow[][]} */
      const frameRuns = []
      for (let i = 0; i < runs; i += 1) {
        const visit = await profileVisit(browser, `${server.base}${path}`, TAP_OF[path] ?? 'menu', rate)
        if (visit.profile) each.push(summarize(visit.profile))
        frameRuns.push(visit.frames)
      }
      /** @type {Array<ReturnType<typeof summarizeTrace>>} */
      const traces = []
      for (let i = 0; i < (values.trace ? runs : 0); i += 1) {
        const visit = await profileVisit(browser, `${server.base}${path}`, TAP_OF[path] ?? 'menu', rate, true)
        if (visit.traced) traces.push(summarizeTrace(visit.traced))
      }
      const sums = mean(each)
      const frames = frameRuns[0] ?? []
      const mapped = [...maps.values()].some(Boolean)
      console.log(
        `\n${path}: ${sums.total.toFixed(0)} ms of CPU in ${PROFILE_MS / 1000} s after the first tap (mean of ${runs} visits: ${each.map((one) => one.total.toFixed(0)).join(', ')})`,
      )
      console.log(
        `  long animation frames' blocking time after the first tap, per visit: ${frameRuns.map((one) => one.reduce((sum, frame) => sum + frame.blocking, 0).toFixed(0)).join(', ')} ms`,
      )
      console.log(`  by built chunk:\n${ranked(sums.chunk, top)}`)
      if (mapped) {
        console.log(`  by package (or the app's source file):\n${ranked(sums.package, top)}`)
        console.log(`  by source file:\n${ranked(sums.file, top)}`)
      } else console.log('  (no source maps in dist/client/assets: npx vite build --sourcemap hidden)')
      console.log(`  by function (self):\n${ranked(sums.fn, top)}`)
      console.log(`  by task root (the bottom of each stack, with what it called):\n${ranked(sums.root, top)}`)
      if (traces.length) {
        /** @param {'byName' | 'byScript'} kind */
        const meanOf = (kind) => {
          /** @type {Map<string, number>} */
          const into = new Map()
          for (const one of traces)
            for (const [key, ms] of one[kind]) into.set(key, (into.get(key) ?? 0) + ms / traces.length)
          return into
        }
        console.log(
          `  traced (${traces.length} more visits; main thread's top-level tasks: ${traces.map((one) => one.total.toFixed(0)).join(', ')} ms), self time by event:\n${ranked(meanOf('byName'), top)}`,
        )
        console.log(`  traced, compiling and evaluating by script:\n${ranked(meanOf('byScript'), top)}`)
      }
      console.log(
        "  the first visit's long animation frames (ms after the first tap: duration, blocking; scripts over 5 ms):",
      )
      for (const frame of frames)
        console.log(
          `    +${frame.at.toFixed(0).padStart(5)}  ${frame.duration.toFixed(0).padStart(5)} ms, blocking ${frame.blocking.toFixed(0).padStart(4)}: ${
            frame.scripts
              .filter((script) => script.duration > 5)
              .map(
                (script) =>
                  `${script.invokerType} ${script.source.split('/').pop() || '(page)'}${script.fn ? ` ${script.fn}` : ''} ${script.duration.toFixed(0)} ms`,
              )
              .join('; ') || '(style, layout, paint)'
          }`,
        )
    }
    return 0
  } finally {
    await browser.close()
    await cleanUp()
    unguard()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = await main(process.argv.slice(2))
