// What `npm run bench` and its load and soak modes share: a scratch database, the built server
// started as production, children that are always stopped, the wrk script and memory readings.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { root, serverArgs } from './ensure-build.mjs'

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resident memory of a process in MB, from /proc (Linux), else from ps. */
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
 * Things to undo, newest first; each runs once, on the normal path, on failure and on a signal.
 * Calls while one is under way share it; later ones undo whatever was added since.
 */
export const cleanups = []
let cleaning = null
export function cleanUp() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()
      try {
        await step()
      } catch (error) {
        console.error(`cleanup: ${error.message}`)
      }
    }
  })().finally(() => {
    cleaning = null
  })
  return cleaning
}

/** A child that is killed by cleanup and, at the latest, after `limitMs`. */
export function track(child, name, limitMs) {
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
      console.log(`No Postgres at ${ADMIN_URL} (${error.message}): using PGlite.`)
    }
  }
  return { env: { DATA_DIR: join(workDir, 'data') }, label: 'PGlite in a temp folder' }
}

/** The built server as production runs it; its warnings and errors are echoed (the first 20) and counted. */
export async function startServer(dbEnv, port, limitMs) {
  const child = spawn(process.execPath, serverArgs(), {
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

export const AUTOCANNON_SCRIPT = join(root, 'src', 'tools', 'bench-autocannon.mjs')
