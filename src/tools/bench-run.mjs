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

/**
 * The load generator: the one asked for, else wrk when installed, else autocannon.
 * @param {string | undefined} requested
 */
export function chooseTool(requested) {
  const hasWrk = spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0
  const tool = requested ?? (hasWrk ? 'wrk' : 'autocannon')
  if (tool !== 'wrk' && tool !== 'autocannon') throw new Error('--tool must be wrk or autocannon')
  if (tool === 'wrk' && !hasWrk)
    throw new Error('wrk is not installed (apt-get install -y wrk), or use --tool autocannon')
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
