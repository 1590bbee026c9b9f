// What `npm run bench`, its load and soak modes and `npm run lighthouse` share besides the built
// server and the processes (built-server.mjs, processes.mjs): a scratch database, the load
// generators' scripts and memory readings.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './ensure-build.mjs'
import { cleanups, errorMessage } from './processes.mjs'

/** What both bench modes load: the cached pages and the read APIs. */
export const READ_URLS = [
  '/',
  '/research',
  '/resources',
  '/faq',
  '/about/position-statement',
  '/news',
  '/standards',
  '/standards/MHBOT-SC-001',
  '/search',
  '/api/research-studies',
  '/api/testimonials',
  '/api/resources',
]

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Resident memory of a process in MB, from /proc (Linux), else from ps.
 * @param {number | undefined} pid
 */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN) / 1024
  } catch {
    const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 })
    return Number(ps.stdout.trim()) / 1024
  }
}

/**
 * A scratch database: a new one on the local Postgres when it answers (dropped at the end), else
 * a temp folder for PGlite. Returns the server's environment for it and what it is, for the report.
 * @param {string} workDir the run's temp folder
 * @param {boolean} forcePglite
 * @returns {Promise<{ env: Record<string, string>, label: string }>}
 */
export async function scratchDatabase(workDir, forcePglite) {
  if (!forcePglite) {
    const { default: postgres } = await import('postgres')
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 3 })
    try {
      await admin`select 1`
      const name = `mhbot_bench_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
      await admin.unsafe(`create database "${name}"`)
      cleanups.push(async () => {
        await admin.unsafe(`drop database if exists "${name}" with (force)`)
        await admin.end({ timeout: 5 })
      })
      const url = new URL(ADMIN_URL)
      url.pathname = `/${name}`
      return { env: { DATABASE_URL: url.toString() }, label: `Postgres, scratch database ${name}` }
    } catch (error) {
      await admin.end({ timeout: 1 }).catch(() => {})
      console.log(`No Postgres at ${ADMIN_URL} (${errorMessage(error)}): using PGlite.`)
    }
  }
  return { env: { DATA_DIR: join(workDir, 'data') }, label: 'PGlite in a temp folder' }
}

/**
 * One load generator's run on one URL, as the wrk script and bench-autocannon.mjs print it
 * (latencies in ms); bench-autocannon.mjs adds the URL's path and connections.
 * @typedef {object} BenchResult
 * @property {number} requests
 * @property {number} seconds
 * @property {number} socketErrors
 * @property {number} timeouts
 * @property {number} non2xx
 * @property {Record<string, number>} codes non-2xx answers by status
 * @property {number} p50
 * @property {number} p99
 * @property {number} max
 */

const RESULT_PREFIX = 'BENCH_RESULT '

/**
 * Every result line a load generator printed.
 * @param {string} output
 * @returns {BenchResult[]}
 */
export const benchResults = (output) =>
  output
    .split('\n')
    .filter((line) => line.startsWith(RESULT_PREFIX))
    .map((line) => JSON.parse(line.slice(RESULT_PREFIX.length)))

/**
 * The one result a load generator printed; `name` says which, should there be none.
 * @param {string} name
 * @param {string} output
 * @returns {BenchResult}
 */
export function benchResult(name, output) {
  const [result] = benchResults(output)
  if (!result) throw new Error(`${name} gave no result:\n${output.slice(-2000)}`)
  return result
}

/** wrk's closing words: one `BENCH_RESULT {json}` line, the shape bench-autocannon.mjs prints too. */
const WRK_DONE = `
function done(summary, latency, requests)
  local total, merged, parts = 0, {}, {}
  for _, t in ipairs(threads) do
    total = total + (t:get("non2xx") or 0)
    for code, n in pairs(t:get("codes") or {}) do merged[code] = (merged[code] or 0) + n end
  end
  if counted == false then total = summary.errors.status end
  for code, n in pairs(merged) do table.insert(parts, string.format('"%d":%d', code, n)) end
  local e = summary.errors
  io.write(string.format('BENCH_RESULT {"requests":%d,"seconds":%.3f,"socketErrors":%d,"timeouts":%d,"non2xx":%d,"codes":{%s},"p50":%.3f,"p99":%.3f,"max":%.3f}\\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write, e.timeout, total,
    table.concat(parts, ","), latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
`

/**
 * wrk's script for the load and soak modes: counts every non-2xx answer by status (wrk itself
 * counts only 400 and up). Its per-answer callback makes wrk hand each answer's headers and body to
 * Lua, which costs the load generator about a fifth of its throughput on a 65 KB page.
 */
export const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) non2xx = 0; codes = {} end
function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    codes[status] = (codes[status] or 0) + 1
  end
end
${WRK_DONE}`

/**
 * wrk's script for the latency comparison: no per-answer callback, so wrk only parses each answer
 * and never copies it into Lua. With the callback the copying on the load generator's core added
 * 2-3 ms to a 65 KB page's p99 at 100 connections on two cores (5-6 ms without, 8-10 with,
 * 2026-11-26), the generator's cost, not the server's. Answers of 400 and up are counted by wrk;
 * a 3xx is not, so the comparison asks each URL once after its rounds and requires a 200.
 */
export const WRK_LEAN_SCRIPT = `
local threads = {}
counted = false
${WRK_DONE}`

/**
 * h2load's run as a BenchResult: counts and the duration from what it printed, latencies from its
 * per-request log (`--log-file`: start in µs, status, time for the request in µs, tab-separated).
 * h2load counts every status, so a 3xx is a non-2xx here as it is for autocannon.
 * @param {string} output its standard output
 * @param {string} log the log file's text
 * @returns {BenchResult}
 */
export function h2loadResult(output, log) {
  /** @param {RegExp} pattern */
  const read = (pattern) => {
    const found = pattern.exec(output)
    if (!found) throw new Error(`h2load printed no ${pattern.source}:\n${output.slice(-2000)}`)
    return found.slice(1)
  }
  // h2load prints the duration in the unit that suits it: 2.01s, 999.97ms.
  const [duration = '', unit = 's'] = read(/finished in ([\d.]+)(us|ms|s),/)
  const seconds = Number(duration) / ({ us: 1e6, ms: 1e3, s: 1 }[unit] ?? 1)
  const [done = 0, errored = 0, timeout = 0] = read(
    /requests: \d+ total, \d+ started, (\d+) done, \d+ succeeded, \d+ failed, (\d+) errored, (\d+) timeout/,
  ).map(Number)
  const [s3 = 0, s4 = 0, s5 = 0] = read(/status codes: \d+ 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/).map(Number)
  /** @type {Record<string, number>} */
  const codes = {}
  for (const [name, n] of /** @type {const} */ ([
    ['3xx', s3],
    ['4xx', s4],
    ['5xx', s5],
  ]))
    if (n) codes[name] = n
  const times = new Float64Array(done)
  let n = 0
  for (const line of log.split('\n')) {
    const tab = line.lastIndexOf('\t')
    if (tab > 0 && n < times.length) times[n++] = Number(line.slice(tab + 1)) / 1000
  }
  const sorted = times.subarray(0, n).sort()
  const at = (/** @type {number} */ share) => sorted[Math.min(n - 1, Math.floor(n * share))] ?? Number.NaN
  return {
    requests: done,
    seconds,
    // h2load's "failed" also counts answers of 400 and up, which are non2xx here.
    socketErrors: errored,
    timeouts: timeout,
    non2xx: s3 + s4 + s5,
    codes,
    p50: at(0.5),
    p99: at(0.99),
    max: n ? (sorted[n - 1] ?? Number.NaN) : Number.NaN,
  }
}

export const AUTOCANNON_SCRIPT = join(root, 'src', 'tools', 'bench-autocannon.mjs')
