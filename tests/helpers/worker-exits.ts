import childProcess from 'node:child_process'
import { appendFileSync, readFileSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { join } from 'node:path'

/**
 * How a test worker ended, for a run in CI. Vitest says only "Worker exited unexpectedly" when a
 * worker dies: not its exit code, not the signal, not who called process.exit. A V8 fatal error
 * leaves a Node report (vitest.config.ts); these two records cover the rest:
 * - the main process notes every forked worker's exit code or signal (`watchWorkerExits`);
 * - a worker that exits while a test file runs notes the file and the stack that exited
 *   (`noteExitsWhileRunning`): a process.exit call names its caller there; a signal leaves no note.
 */
const EXITS = 'worker-exits.jsonl'
const STACKS = 'worker-exit-stacks.jsonl'

type ExitRecord = { pid: number; code: number | null; signal: string | null; at: string }
type StackRecord = { pid: number; code: number; file: string; stack: string }

/** In the main process, before Vitest forks its workers. */
export function watchWorkerExits(folder: string) {
  // The config can be evaluated more than once in a run; one record per exit.
  const key = Symbol.for('mhbot.test.watchWorkerExits')
  const state = globalThis as { [key]?: true }
  if (state[key]) return
  state[key] = true
  const fork = childProcess.fork
  const watched = ((...args: Parameters<typeof fork>) => {
    const child = fork(...args)
    child.once('exit', (code, signal) => {
      const record: ExitRecord = { pid: child.pid ?? -1, code, signal, at: new Date().toISOString() }
      try {
        appendFileSync(join(folder, EXITS), `${JSON.stringify(record)}\n`)
      } catch {
        // Workers stopped after the run's report: the folder may be gone, and nothing is owed.
      }
    })
    return child
  }) as typeof fork
  childProcess.fork = watched
  // Vitest imported `fork` by name before this runs: the named binding follows the module's property.
  syncBuiltinESMExports()
}

let running: string | null = null

/** In a worker, once per process: `file` is the test file now running, or null between files. */
export function noteExitsWhileRunning(folder: string) {
  const key = Symbol.for('mhbot.test.exitNotes')
  const state = globalThis as { [key]?: true }
  if (state[key]) return
  state[key] = true
  process.on('exit', (code) => {
    if (running === null) return
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 40
    const stack = new Error('exit').stack ?? ''
    Error.stackTraceLimit = limit
    const record: StackRecord = { pid: process.pid, code, file: running, stack }
    appendFileSync(join(folder, STACKS), `${JSON.stringify(record)}\n`)
  })
}

export function setRunningFile(file: string | null) {
  running = file
}

/**
 * The lines the time reporter prints: workers that ended by a signal Vitest does not send or with a
 * code, and, when a worker died (`died`), every worker that ended before the run's end.
 */
export function workerExitLines(folder: string | undefined, died: boolean): string[] {
  if (!folder) return []
  const read = <T>(name: string): T[] => {
    try {
      return readFileSync(join(folder, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T)
    } catch {
      return []
    }
  }
  const stacks = read<StackRecord>(STACKS)
  // Vitest stops a worker it is done with by SIGTERM; an exit 0 is a worker that ended on its own.
  const odd = read<ExitRecord>(EXITS).filter(
    (exit) => died || !(exit.signal === 'SIGTERM' || exit.code === 0) || stacks.some((s) => s.pid === exit.pid),
  )
  if (odd.length === 0 && stacks.length === 0) return []
  const lines = ['', 'Test workers that ended unexpectedly:']
  for (const exit of odd) {
    const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`
    const own = stacks.filter((stack) => stack.pid === exit.pid)
    lines.push(
      `  pid ${exit.pid}: ${how} at ${exit.at}${own.length === 0 ? ' (no exit while a file ran was seen inside it: a signal, or an abort)' : ''}`,
    )
    for (const stack of own)
      lines.push(
        `    exited (${stack.code}) while running ${stack.file}:`,
        ...stack.stack
          .split('\n')
          .slice(1, 16)
          .map((line) => `      ${line.trim()}`),
      )
  }
  return lines
}
