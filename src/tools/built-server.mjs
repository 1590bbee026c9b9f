// The built server (dist/server/main.js), started the way production starts it: package.json's
// "serve" command, V8 flags included. `npm start` runs it in the foreground; the benchmark,
// Lighthouse and the first-load tool start it as production on a scratch database and stop it.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { builtServer, root } from './ensure-build.mjs'
import { freePort, sleep, track } from './processes.mjs'

/**
 * What follows `node` in package.json's "serve" script: the V8 flags production runs with, then the
 * built server, resolved from the repository root. The one place they are chosen; the Dockerfile's
 * CMD is held equal to it (docs/decisions/022-server-memory-and-first-paint.md).
 * @returns {string[]}
 */
export function serverArgs() {
  const serve = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve
  const [command, ...args] = String(serve).trim().split(/\s+/)
  if (command !== 'node' || args.at(-1) !== 'dist/server/main.js')
    throw new Error(`package.json "serve" must be "node [flags] dist/server/main.js", not "${serve}"`)
  return [...args.slice(0, -1), builtServer]
}

/**
 * The built server as a child process of this Node, from the repository root.
 * @param {import('node:child_process').SpawnOptions} [options] as for spawn; the environment is this process's unless given
 */
export function spawnBuiltServer(options = {}) {
  if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build first`)
  return spawn(process.execPath, serverArgs(), { cwd: root, ...options })
}

/**
 * @typedef {object} ServerLog
 * @property {number} lines lines the server wrote (warnings and errors at the default level, warn;
 *   every request's line too at info)
 * @property {number} shown of those, echoed here
 * @property {string[]} recent the last lines, for an error message
 * @property {string} tail an unfinished line
 */

/**
 * @typedef {object} RunningServer
 * @property {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} child
 * @property {string} base e.g. http://127.0.0.1:41234
 * @property {ServerLog} log
 * @property {Promise<number | NodeJS.Signals | null>} exited
 */

const RECENT_LINES = 40
const RECENT_BYTES = 16 * 1024
const LARGE_CHUNK = 4096

/**
 * How many lines a chunk of a log ends.
 * @param {Buffer} chunk
 */
export function countLines(chunk) {
  let lines = 0
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1
  return lines
}

/**
 * Starts the built server as production on 127.0.0.1 and a free port, with rate limits off and a
 * fresh session secret, and resolves once /readyz answers. Its log level is warn unless `dbEnv` sets
 * LOG_LEVEL (the benchmark runs it at info, as the image does). The server is stopped by cleanUp() of
 * processes.mjs, and killed after `limitMs` at the latest.
 * @param {Record<string, string>} dbEnv the database: DATABASE_URL, or DATA_DIR for PGlite
 * @param {{ limitMs: number, echoLines?: number }} options echoLines: how many of its log lines to print here, as `[server] …`
 * @returns {Promise<RunningServer>}
 */
export async function startBuiltServer(dbEnv, { limitMs, echoLines = 0 }) {
  const port = await freePort()
  const child = spawnBuiltServer({
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: `tools-${randomBytes(24).toString('hex')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...dbEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  /** @type {string[]} */
  let recent = []
  /** @type {Buffer | null} the last large chunk, split into `recent` only when they are asked for */
  let unread = null
  /** @type {ServerLog} */
  const log = {
    lines: 0,
    shown: 0,
    tail: '',
    get recent() {
      if (unread !== null) {
        const lines = unread.subarray(-RECENT_BYTES).toString().split('\n')
        lines.shift()
        lines.pop()
        recent = lines.filter((l) => l.trim() !== '').slice(-RECENT_LINES)
        unread = null
      }
      return recent
    },
  }
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    // Under load at LOG_LEVEL=info the log is read as a collector reads it, counted and let go:
    // decoding or splitting it here would spend the CPU the server and the load generator share.
    if (chunk.length > LARGE_CHUNK && log.shown >= echoLines) {
      log.lines += countLines(chunk)
      const end = chunk.lastIndexOf(10)
      log.tail = end === -1 ? log.tail + chunk.toString() : chunk.subarray(end + 1).toString()
      if (end !== -1) unread = chunk
      return
    }
    const lines = (log.tail + chunk.toString()).split('\n')
    log.tail = lines.pop() ?? ''
    const kept = log.recent
    for (const line of lines.filter((l) => l.trim() !== '')) {
      log.lines += 1
      kept.push(line)
      if (kept.length > RECENT_LINES) kept.shift()
      if (log.shown < echoLines) {
        log.shown += 1
        console.log(`[server] ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`)
      }
    }
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = track(child, 'server', limitMs)

  const base = `http://127.0.0.1:${port}`
  const said = () => (log.recent.length ? `; its last lines:\n${log.recent.join('\n')}` : '')
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up (${child.exitCode})${said()}`)
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready within 60 s${said()}`)
    await sleep(150)
  }
  return { child: /** @type {RunningServer['child']} */ (child), base, log, exited }
}
