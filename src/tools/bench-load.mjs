// `npm run bench -- --load` and `npm run bench -- --soak`: the built server, started as production
// on a scratch database, under many concurrent connections from a separate load-generator process
// (wrk when installed, else autocannon). Load passes with zero socket errors, timeouts and non-2xx
// answers; soak also reads the server's resident memory after a warm-up and at the end and passes
// when it grew less than 10 %. Numbers on shared machines are noisy: the verdicts are about errors
// and growth, not speed. Never part of the tests. Everything it starts (server, load generators,
// database, temp folder) is stopped or removed at the end, on failure and on Ctrl-C.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  AUTOCANNON_SCRIPT,
  benchResult,
  benchResults,
  READ_URLS,
  rssMb,
  scratchDatabase,
  WRK_SCRIPT,
} from './bench-kit.mjs'
import { chooseTool, guardRun, optionsOrExit, tempDir } from './bench-run.mjs'
import { startBuiltServer } from './built-server.mjs'
import { ensureBuild } from './ensure-build.mjs'
import { cleanUp, errorMessage, run, sleep } from './processes.mjs'

/** Pages and APIs the load rotates over; each gets an equal share of the connections. */
export const LOAD_PATHS = [...READ_URLS, '/healthz']

const USAGE = `Usage: npm run bench -- --load | --soak [options]   (or BENCH_MODE=load|soak npm run bench)
  --duration <time>     load: how long to drive the load (default 60s); soak: the measured part (default 3m)
  --connections <n>     concurrent connections in total, spread over ${LOAD_PATHS.length} URLs (default 200)
  --warmup <time>       soak only: load before the first memory reading (default 20s)
  --ramp <time>         open the URL groups' connections one group after another over this time, then
                        hold all of them for --duration (default 0: all at once)
  --timeout <time>      a request slower than this counts as an error (default 10s)
  --tool wrk|autocannon load generator (default wrk when installed, else autocannon)
  --pglite              use the embedded database even when a Postgres answers
Times are seconds, or with a unit: 90, 90s, 3m.
The scratch database is created on the Postgres at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
and dropped at the end; with no Postgres there the server runs on PGlite in a temp folder.`

const MAX_GROWTH_PERCENT = 10
// The request timeout: Node (libuv 1.45 and later) accepts one new connection per event-loop turn,
// so when 200 connections open at once against a busy server the last ones wait seconds for their
// first answer (then the max column is high). On a shared 2-core machine that wait passed 10 s for
// some 20-80 first requests per run; --ramp spreads the connects and then none came near it.
// wrk's own default is 2 s.

/** @typedef {import('./bench-kit.mjs').BenchResult & { path: string, connections: number }} UrlResult */

/**
 * @param {string} value
 * @param {string} name the option, for the error message
 * @param {{ zero?: boolean }} [options] zero: 0 is allowed
 */
function seconds(value, name, { zero = false } = {}) {
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(String(value).trim())
  if (!match || (Number(match[1]) <= 0 && !zero))
    throw new Error(`--${name} must be a positive time such as 60, 60s or 3m`)
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1)
}

/** @param {string[]} argv */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      load: { type: 'boolean' },
      soak: { type: 'boolean' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      ramp: { type: 'string' },
      timeout: { type: 'string' },
      tool: { type: 'string' },
      pglite: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return null
  const mode = values.soak ? 'soak' : values.load ? 'load' : process.env.BENCH_MODE
  if (values.load && values.soak) throw new Error('choose one of --load and --soak')
  if (mode !== 'load' && mode !== 'soak') throw new Error(`unknown mode ${JSON.stringify(mode)}: --load or --soak`)
  const connections = Number(values.connections ?? 200)
  if (!Number.isInteger(connections) || connections < LOAD_PATHS.length || connections > 10_000)
    throw new Error(`--connections must be a whole number from ${LOAD_PATHS.length} (one per URL) to 10000`)
  const tool = chooseTool(values.tool, /** @type {('wrk' | 'autocannon')[]} */ (['wrk', 'autocannon']))
  return {
    mode,
    connections,
    duration: seconds(values.duration ?? (mode === 'soak' ? '3m' : '60s'), 'duration'),
    warmup: mode === 'soak' ? seconds(values.warmup ?? '20s', 'warmup') : 0,
    ramp: seconds(values.ramp ?? '0', 'ramp', { zero: true }),
    timeout: seconds(values.timeout ?? '10s', 'timeout'),
    tool,
    pglite: values.pglite ?? false,
  }
}

/**
 * Connections per URL: an equal share, the remainder to the first URLs.
 * @param {number} connections
 */
const spread = (connections) =>
  LOAD_PATHS.map((path, i) => ({
    path,
    connections: Math.floor(connections / LOAD_PATHS.length) + (i < connections % LOAD_PATHS.length ? 1 : 0),
  }))

// wrk: one process per URL, all at once. The script counts non-2xx (wrk itself only counts >= 400)
// and prints one JSON line at the end.

/**
 * Runs the load generator(s); resolves to one result per URL. With a ramp, group i starts i/(n-1)
 * of the way through it and every group stops together, after all connections were open `duration` s.
 * @param {{ tool: string, base: string, duration: number, ramp: number, connections: number, timeout: number, workDir: string }} options
 * @returns {Promise<UrlResult[]>}
 */
async function drive({ tool, base, duration, ramp, connections, timeout, workDir }) {
  const groups = spread(connections).map((group, i, all) => {
    const delay = all.length > 1 ? (ramp * i) / (all.length - 1) : 0
    return { ...group, delay, duration: Math.round(duration + ramp - delay) } // wrk takes whole seconds
  })
  const limitMs = (duration + ramp + timeout + 30) * 1000

  if (tool === 'wrk') {
    const script = join(workDir, 'bench.lua')
    writeFileSync(script, WRK_SCRIPT)
    return Promise.all(
      groups.map(async ({ path, connections: c, delay, duration: d }) => {
        await sleep(delay * 1000)
        const name = `wrk ${path}`
        const args = ['-t1', `-c${c}`, `-d${d}s`, `--timeout`, `${timeout}s`, '-s', script, `${base}${path}`]
        return { path, connections: c, ...benchResult(name, await run('wrk', args, name, limitMs)) }
      }),
    )
  }
  const config = JSON.stringify({ base, groups, timeout })
  const output = await run(process.execPath, [AUTOCANNON_SCRIPT, config], 'autocannon', limitMs)
  return /** @type {UrlResult[]} */ (benchResults(output))
}

/**
 * Prints the results as a table; returns the totals.
 * @param {string} title
 * @param {UrlResult[]} results
 */
function report(title, results) {
  const total = {
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    errors: results.reduce((sum, r) => sum + r.socketErrors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    seconds: Math.max(...results.map((r) => r.seconds)),
  }
  console.log(`\n${title}\n`)
  console.log('| URL | conns | requests | req/s | p50 ms | p99 ms | max ms | errors | non-2xx |')
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    const errors = r.socketErrors + r.timeouts
    const detail = errors ? ` (${r.socketErrors} socket, ${r.timeouts} timeouts)` : ''
    const codes = Object.entries(r.codes ?? {})
      .map(([code, n]) => `${code}×${n}`)
      .join(' ')
    console.log(
      `| ${r.path} | ${r.connections} | ${r.requests} | ${(r.requests / r.seconds).toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${errors}${detail} | ${r.non2xx}${codes ? ` (${codes})` : ''} |`,
    )
  }
  console.log(
    `| total | ${results.reduce((s, r) => s + r.connections, 0)} | ${total.requests} | ${(total.requests / total.seconds).toFixed(0)} | | | | ${total.errors} | ${total.non2xx} |`,
  )
  return total
}

/** @type {(value: number, digits: number) => string} */
const signed = (value, digits) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`

/** @typedef {{ at: number, mb: number }} Reading seconds into the soak, resident MB */

/**
 * Least-squares slope of the readings, in MB per minute.
 * @param {Reading[]} series
 */
function slopePerMinute(series) {
  const n = series.length
  const meanAt = series.reduce((sum, s) => sum + s.at, 0) / n
  const meanMb = series.reduce((sum, s) => sum + s.mb, 0) / n
  const num = series.reduce((sum, s) => sum + (s.at - meanAt) * (s.mb - meanMb), 0)
  const den = series.reduce((sum, s) => sum + (s.at - meanAt) ** 2, 0)
  return den === 0 ? 0 : (num / den) * 60
}

/**
 * Runs load or soak; returns the exit code (0 pass, 1 fail, 2 bad options).
 * @param {string[]} argv
 * @returns {Promise<number>}
 */
export async function runLoadBench(argv) {
  const options = optionsOrExit(parseOptions, argv, USAGE)
  if (typeof options === 'number') return options
  const { mode, connections, duration, warmup, ramp, timeout, tool } = options

  ensureBuild()
  let interrupted = false
  // Whole-run limit: start-up, warm-up, load, the generators' own limits and shutdown fit well inside.
  const budget = (warmup + duration + 2 * ramp + 2 * timeout + 240) * 1000
  const unguard = guardRun({
    stopping: 'stopping the load and the server, removing the scratch database…',
    limitMs: budget,
    onSignal: () => {
      interrupted = true
    },
  })

  const workDir = tempDir('mhbot-bench-load-')
  try {
    const db = await scratchDatabase(workDir, options.pglite)
    const server = await startBuiltServer(db.env, { limitMs: budget, echoLines: 20 })
    const setup = `${connections} connections over ${LOAD_PATHS.length} URLs${ramp ? ` opened over ${ramp} s` : ' opened at once'}, ${tool}, ${db.label}, ${timeout} s request timeout, Node ${process.version}`
    console.log(`Server ready at ${server.base} (pid ${server.child.pid}). ${setup}.`)

    let verdict
    let failed
    if (mode === 'load') {
      console.log(`Driving the load for ${duration} s…`)
      const total = report(
        `Load: ${connections} connections × ${duration} s`,
        await drive({ tool, base: server.base, duration, ramp, connections, timeout, workDir }),
      )
      failed = total.errors > 0 || total.non2xx > 0
      verdict = `load: ${connections} connections × ${duration} s${ramp ? ` (opened over ${ramp} s)` : ''}, ${total.requests} requests, ${total.errors} errors, ${total.non2xx} non-2xx: ${failed ? 'FAIL' : 'PASS'}`
    } else {
      const rssStart = rssMb(server.child.pid)
      console.log(`Resident memory after start-up: ${rssStart.toFixed(1)} MB. Warming up for ${warmup} s…`)
      const warm = report(
        `Warm-up: ${connections} connections × ${warmup} s`,
        await drive({ tool, base: server.base, duration: warmup, ramp, connections, timeout, workDir }),
      )
      const rssWarm = rssMb(server.child.pid)
      const interval = Math.max(1, Math.round(duration / 12))
      console.log(`\nResident memory after warm-up: ${rssWarm.toFixed(1)} MB. Soaking for ${duration} s…`)
      const series = [{ at: 0, mb: rssWarm }]
      const startedAt = Date.now()
      const sampler = setInterval(() => {
        const reading = { at: Math.round((Date.now() - startedAt) / 1000), mb: rssMb(server.child.pid) }
        series.push(reading)
        console.log(`  RSS at +${reading.at} s: ${reading.mb.toFixed(1)} MB`)
      }, interval * 1000)
      let results
      try {
        results = await drive({ tool, base: server.base, duration, ramp, connections, timeout, workDir })
      } finally {
        clearInterval(sampler)
      }
      const total = report(`Soak: ${connections} connections × ${duration} s`, results)
      await sleep(1000) // let the last responses' buffers go before the final reading
      const rssEnd = rssMb(server.child.pid)
      series.push({ at: Math.round((Date.now() - startedAt) / 1000), mb: rssEnd })
      const growth = ((rssEnd - rssWarm) / rssWarm) * 100
      console.log(
        `\nResident memory (MB): start-up ${rssStart.toFixed(1)}, after warm-up ${rssWarm.toFixed(1)}, end ${rssEnd.toFixed(1)}; growth ${signed(growth, 1)} % (limit ${MAX_GROWTH_PERCENT} %)`,
      )
      console.log(`RSS series (s → MB): ${series.map((s) => `${s.at}→${s.mb.toFixed(0)}`).join(', ')}`)
      // Two readings sit somewhere on the garbage collector's sawtooth (often ±10 % on a short soak);
      // the slope over all readings tells a steady climb (leak) from a plateau.
      console.log(`RSS trend over the soak (least squares): ${signed(slopePerMinute(series), 1)} MB/min`)
      // Warm-up errors are reported, not judged: the warm-up exists to get past start-up.
      failed = !(growth < MAX_GROWTH_PERCENT) || total.errors > 0 || total.non2xx > 0
      const warmNote = warm.errors || warm.non2xx ? ` (warm-up: ${warm.errors} errors, ${warm.non2xx} non-2xx)` : ''
      verdict = `soak: ${connections} connections × ${duration} s after ${warmup} s warm-up, RSS ${rssWarm.toFixed(0)} → ${rssEnd.toFixed(0)} MB (${signed(growth, 1)} %), ${total.requests} requests, ${total.errors} errors, ${total.non2xx} non-2xx${warmNote}: ${failed ? 'FAIL' : 'PASS'}`
    }
    if (server.child.exitCode !== null) {
      failed = true
      verdict += ' (the server exited during the run)'
    }
    if (server.log.lines > 0)
      console.log(
        `\nThe server logged ${server.log.lines} warning/error line(s)${server.log.lines > server.log.shown ? ` (the first ${server.log.shown} shown above)` : ''}.`,
      )
    console.log(`\n${verdict}`)
    return failed ? 1 : 0
  } catch (error) {
    if (!interrupted) console.error(`bench: ${errorMessage(error)}`)
    return 1
  } finally {
    await cleanUp()
    unguard()
  }
}
