// The frame `npm run bench` and its load and soak modes run in: their options, the load generator,
// Ctrl-C and the watchdog, and temp folders removed at the end.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cleanUp, cleanups, errorMessage } from './processes.mjs'

/**
 * A bench mode's options, or the exit code when there are none to run with: 0 after --help (its
 * parser returns null), 2 on bad options; either way the usage is printed.
 * @template T
 * @param {(argv: string[]) => T | null} parse
 * @param {string[]} argv
 * @param {string} usage
 * @returns {T | number}
 */
export function optionsOrExit(parse, argv, usage) {
  let options
  try {
    options = parse(argv)
  } catch (error) {
    console.error(`bench: ${errorMessage(error)}\n\n${usage}`)
    return 2
  }
  if (!options) {
    console.log(usage)
    return 0
  }
  return options
}

const INSTALL = {
  h2load: 'apt-get install -y nghttp2-client',
  wrk: 'apt-get install -y wrk',
  autocannon: 'npm ci',
}

/**
 * The load generator: the one asked for, else the first of `preferred` installed (autocannon, an
 * npm dependency, always is).
 * @template {'h2load' | 'wrk' | 'autocannon'} Tool
 * @param {string | undefined} requested
 * @param {Tool[]} preferred in order; the last is autocannon
 * @returns {Tool}
 */
export function chooseTool(requested, preferred) {
  const installed = (/** @type {string} */ tool) =>
    tool === 'autocannon' || spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0
  if (requested === undefined) {
    const found = preferred.find(installed)
    if (!found) throw new Error(`none of ${preferred.join(', ')} is installed`)
    return found
  }
  const tool = preferred.find((known) => known === requested)
  if (!tool) throw new Error(`--tool must be ${preferred.join(' or ')}`)
  if (!installed(tool)) throw new Error(`${tool} is not installed (${INSTALL[tool]}), or choose another with --tool`)
  return tool
}

/** @type {NodeJS.Signals[]} */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * Nothing a run started may outlive it: on Ctrl-C (or SIGTERM, SIGHUP) everything is cleaned up and
 * the process exits with 130, and a run still going after `limitMs` gives up with 1.
 * @param {{ stopping: string, limitMs: number, onSignal?: () => void }} options stopping: what the
 *   signal's line says is being stopped; onSignal: called first
 * @returns {() => void} takes the handlers and the watchdog off again
 */
export function guardRun({ stopping, limitMs, onSignal }) {
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    onSignal?.()
    console.error(`\n${signal}: ${stopping}`)
    cleanUp().finally(() => process.exit(130))
  }
  for (const signal of SIGNALS) process.on(signal, stop)
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${Math.round(limitMs / 1000)} s: giving up`)
    cleanUp().finally(() => process.exit(1))
  }, limitMs)
  watchdog.unref()
  return () => {
    clearTimeout(watchdog)
    for (const signal of SIGNALS) process.off(signal, stop)
  }
}

/**
 * A new temp folder, removed at cleanup.
 * @param {string} prefix
 */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
