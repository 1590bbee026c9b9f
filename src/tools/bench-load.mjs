// `npm run bench -- --load` and `npm run bench -- --soak`: the built server, started as production
// on a scratch database, under many concurrent connections from a separate load-generator process
// (wrk when installed, else autocannon). Load passes with zero socket errors, timeouts and non-2xx
// answers; soak also reads the server's resident memory after a warm-up and at the end and passes
// when it grew less than 10 %. Numbers on shared machines are noisy: the verdicts are about errors
// and growth, not speed. Never part of the tests. Everything it starts (server, load generators,
// database, temp folder) is stopped or removed at the end, on failure and on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { builtServer, ensureBuild, root } from './ensure-build.mjs'

/** Pages and APIs the load rotates over; each gets an equal share of the connections. */
export const LOAD_PATHS = [
  '/',
  '/research',
  '/resources',
  '/faq',
  '/about/position-statement',
  '/api/research-studies',
  '/api/testimonials',
  '/api/resources',
  '/healthz',
]

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
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function seconds(value, name, { zero = false } = {}) {
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(String(value).trim())
  if (!match || (Number(match[1]) <= 0 && !zero))
    throw new Error(`--${name} must be a positive time such as 60, 60s or 3m`)
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1)
}

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
  const hasWrk = spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0
  const tool = values.tool ?? (hasWrk ? 'wrk' : 'autocannon')
  if (tool !== 'wrk' && tool !== 'autocannon') throw new Error('--tool must be wrk or autocannon')
  if (tool === 'wrk' && !hasWrk)
    throw new Error('wrk is not installed (apt-get install -y wrk), or use --tool autocannon')
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

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resident memory of a process in MB, from /proc (Linux), else from ps. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN) / 1024
  } catch {
    const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 })
    return Number(ps.stdout.trim()) / 1024
  }
}

/** Things to undo, newest first; run once, on the normal path, on failure and on a signal. */
const cleanups = []
let cleaning = null
function cleanUp() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step()
      } catch (error) {
        console.error(`cleanup: ${error.message}`)
      }
    }
  })()
  return cleaning
}

/** A child that is killed by cleanup and, at the latest, after `limitMs`. */
function track(child, name, limitMs) {
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  const timer = setTimeout(() => {
    console.error(`${name} ran past its ${Math.round(limitMs / 1000)} s limit: killing it`)
    child.kill('SIGKILL')
  }, limitMs)
  timer.unref()
  exited.then(() => clearTimeout(timer))
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const late = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(late)
    }
  })
  return exited
}

/**
 * A scratch database: a new one on the local Postgres when it answers (dropped at the end), else
 * a temp folder for PGlite. Returns the server's environment for it and what it is, for the report.
 */
async function scratchDatabase(workDir, forcePglite) {
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
      console.log(`No Postgres at ${ADMIN_URL} (${error.message}): using PGlite.`)
    }
  }
  return { env: { DATA_DIR: join(workDir, 'data') }, label: 'PGlite in a temp folder' }
}

/** The built server as production runs it; its warnings and errors are echoed (the first 20) and counted. */
async function startServer(dbEnv, port, limitMs) {
  const child = spawn(process.execPath, [builtServer], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: `bench-${randomBytes(24).toString('hex')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...dbEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = { lines: 0, shown: 0, tail: '' }
  const onData = (chunk) => {
    const text = log.tail + chunk.toString()
    const lines = text.split('\n')
    log.tail = lines.pop() ?? ''
    for (const line of lines.filter((l) => l.trim() !== '')) {
      log.lines += 1
      if (log.shown < 20) {
        log.shown += 1
        console.log(`[server] ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`)
      }
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = track(child, 'server', limitMs)

  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up (${child.exitCode})`)
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server not ready within 60 s')
    await sleep(150)
  }
  return { child, base, log, exited }
}

/** Connections per URL: an equal share, the remainder to the first URLs. */
const spread = (connections) =>
  LOAD_PATHS.map((path, i) => ({
    path,
    connections: Math.floor(connections / LOAD_PATHS.length) + (i < connections % LOAD_PATHS.length ? 1 : 0),
  }))

// wrk: one process per URL, all at once. The script counts non-2xx (wrk itself only counts >= 400)
// and prints one JSON line at the end.
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) non2xx = 0; codes = {} end
function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    codes[status] = (codes[status] or 0) + 1
  end
end
function done(summary, latency, requests)
  local total, merged, parts = 0, {}, {}
  for _, t in ipairs(threads) do
    total = total + t:get("non2xx")
    for code, n in pairs(t:get("codes")) do merged[code] = (merged[code] or 0) + n end
  end
  for code, n in pairs(merged) do table.insert(parts, string.format('"%d":%d', code, n)) end
  local e = summary.errors
  io.write(string.format('BENCH_RESULT {"requests":%d,"seconds":%.3f,"socketErrors":%d,"timeouts":%d,"non2xx":%d,"codes":{%s},"p50":%.3f,"p99":%.3f,"max":%.3f}\\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write, e.timeout, total,
    table.concat(parts, ","), latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
`

const AUTOCANNON_SCRIPT = join(root, 'src', 'tools', 'bench-autocannon.mjs')

/**
 * Runs the load generator(s); resolves to one result per URL. With a ramp, group i starts i/(n-1)
 * of the way through it and every group stops together, after all connections were open `duration` s.
 */
async function drive({ tool, base, duration, ramp, connections, timeout, workDir }) {
  const groups = spread(connections).map((group, i, all) => {
    const delay = all.length > 1 ? (ramp * i) / (all.length - 1) : 0
    return { ...group, delay, duration: Math.round(duration + ramp - delay) } // wrk takes whole seconds
  })
  const limitMs = (duration + ramp + timeout + 30) * 1000
  const parse = (name, output) => {
    const line = output.split('\n').find((l) => l.startsWith('BENCH_RESULT '))
    if (!line) throw new Error(`${name} gave no result:\n${output.slice(-2000)}`)
    return JSON.parse(line.slice('BENCH_RESULT '.length))
  }
  const run = (command, args, name) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    return track(child, name, limitMs).then((code) => {
      if (code !== 0) throw new Error(`${name} exited with ${code}:\n${output.slice(-2000)}`)
      return output
    })
  }

  if (tool === 'wrk') {
    const script = join(workDir, 'bench.lua')
    writeFileSync(script, WRK_SCRIPT)
    return Promise.all(
      groups.map(async ({ path, connections: c, delay, duration: d }) => {
        await sleep(delay * 1000)
        const name = `wrk ${path}`
        const args = ['-t1', `-c${c}`, `-d${d}s`, `--timeout`, `${timeout}s`, '-s', script, `${base}${path}`]
        return { path, connections: c, ...parse(name, await run('wrk', args, name)) }
      }),
    )
  }
  const config = JSON.stringify({ base, groups, timeout })
  const output = await run(process.execPath, [AUTOCANNON_SCRIPT, config], 'autocannon')
  return output
    .split('\n')
    .filter((l) => l.startsWith('BENCH_RESULT '))
    .map((l) => JSON.parse(l.slice('BENCH_RESULT '.length)))
}

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

const signed = (value, digits) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`

/** Least-squares slope of the readings, in MB per minute. */
function slopePerMinute(series) {
  const n = series.length
  const meanAt = series.reduce((sum, s) => sum + s.at, 0) / n
  const meanMb = series.reduce((sum, s) => sum + s.mb, 0) / n
  const num = series.reduce((sum, s) => sum + (s.at - meanAt) * (s.mb - meanMb), 0)
  const den = series.reduce((sum, s) => sum + (s.at - meanAt) ** 2, 0)
  return den === 0 ? 0 : (num / den) * 60
}

/** Runs load or soak; returns the exit code (0 pass, 1 fail). */
export async function runLoadBench(argv) {
  let options
  try {
    options = parseOptions(argv)
  } catch (error) {
    console.error(`bench: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (!options) {
    console.log(USAGE)
    return 0
  }
  const { mode, connections, duration, warmup, ramp, timeout, tool } = options

  ensureBuild()
  let interrupted = false
  const onSignal = (signal) => {
    interrupted = true
    console.error(`\n${signal}: stopping the load and the server, removing the scratch database…`)
    cleanUp().finally(() => process.exit(130))
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal)
  // Whole-run limit: start-up, warm-up, load, the generators' own limits and shutdown fit well inside.
  const budget = (warmup + duration + 2 * ramp + 2 * timeout + 240) * 1000
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${Math.round(budget / 1000)} s: giving up`)
    cleanUp().finally(() => process.exit(1))
  }, budget)
  watchdog.unref()

  const workDir = mkdtempSync(join(tmpdir(), 'mhbot-bench-load-'))
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }))
  try {
    const db = await scratchDatabase(workDir, options.pglite)
    const server = await startServer(db.env, await freePort(), budget)
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
        const mb = rssMb(server.child.pid)
        series.push({ at: Math.round((Date.now() - startedAt) / 1000), mb })
        console.log(`  RSS at +${series.at(-1).at} s: ${mb.toFixed(1)} MB`)
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
    if (!interrupted) console.error(`bench: ${error.message}`)
    return 1
  } finally {
    await cleanUp()
    clearTimeout(watchdog)
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, onSignal)
  }
}
