// What every tool that starts processes needs: a free port, commands run to their end, children that
// are killed at a time limit, and one list of things to undo that runs on the normal path, on
// failure and on a signal, so nothing a tool started outlives it.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { root } from './ensure-build.mjs'

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * A port nobody listens on at 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Things to undo, newest first; each runs once, on the normal path, on failure and on a signal.
 * Calls while one is under way share it; later ones undo whatever was added since.
 * @type {Array<() => unknown>}
 */
export const cleanups = []
/** @type {Promise<void> | null} */
let cleaning = null
/** @returns {Promise<void>} */
export function cleanUp() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()
      try {
        await step?.()
      } catch (error) {
        console.error(`cleanup: ${errorMessage(error)}`)
      }
    }
  })().finally(() => {
    cleaning = null
  })
  return cleaning
}

/** @param {unknown} error */
export const errorMessage = (error) => (error instanceof Error ? error.message : String(error))

/**
 * A child that is killed by cleanup and, at the latest, after `limitMs`. Resolves to its exit code,
 * or to the signal that ended it.
 * @param {ChildProcess} child
 * @param {string} name
 * @param {number} limitMs
 * @returns {Promise<number | NodeJS.Signals | null>}
 */
export function track(child, name, limitMs) {
  /** @type {Promise<number | NodeJS.Signals | null>} */
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
 * Runs `command` from the repository root to its end, within `limitMs`; resolves to what it printed
 * (stdout and stderr together), rejects on any other exit than 0.
 * @param {string} command
 * @param {string[]} args
 * @param {string} name what an error message calls it
 * @param {number} limitMs
 * @returns {Promise<string>}
 */
export function run(command, args, name, limitMs) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    output += chunk
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  return track(child, name, limitMs).then((code) => {
    if (code !== 0) throw new Error(`${name} exited with ${code}:\n${output.slice(-2000)}`)
    return output
  })
}
