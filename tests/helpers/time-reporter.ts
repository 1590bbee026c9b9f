import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Reporter, SerializedError, TestModule, TestSpecification } from 'vitest/node'
import { watchWorkerExits, workerExitLines } from './worker-exits'

/**
 * Prints, after a run in CI, where its time went: each project's summed file time and the slowest
 * files (import plus tests and hooks). CI keeps only the tail of a run's output, and the default
 * reporter's per-file lines scroll out of it; this is what a change to the suite's length is judged by.
 *
 * Last, so that it stays in that tail: every file that neither passed nor was skipped, with its
 * project, its state and the errors Vitest recorded for it. A file whose worker died (Vitest then
 * reports "Worker exited unexpectedly" with no file named) is one that started and never finished,
 * or that never got a result at all: both are listed, with what the run's unhandled errors said.
 */
export default class TimeReporter implements Reporter {
  /** Every file the run was asked to run, by project and path: a file that never reports is still known. */
  private planned: { project: string; moduleId: string }[] = []

  onInit() {
    // Before Vitest forks its first worker.
    const folder = process.env.TEST_NODE_REPORTS
    if (folder) watchWorkerExits(folder)
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    this.planned = specifications.map((spec) => ({ project: spec.project.name, moduleId: spec.moduleId }))
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    const rows = testModules.map((module) => {
      const diagnostic = module.diagnostic()
      return {
        project: module.project.name,
        file: relative(process.cwd(), module.moduleId),
        importMs: diagnostic.collectDuration,
        ms: diagnostic.collectDuration + diagnostic.duration,
      }
    })
    const byProject = new Map<string, { files: number; ms: number; importMs: number }>()
    for (const row of rows) {
      const sum = byProject.get(row.project) ?? { files: 0, ms: 0, importMs: 0 }
      byProject.set(row.project, { files: sum.files + 1, ms: sum.ms + row.ms, importMs: sum.importMs + row.importMs })
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    const lines = ['', 'Time by project (files run two at a time, so the wall clock is about half the sum):']
    for (const [project, sum] of [...byProject].sort((a, b) => b[1].ms - a[1].ms))
      lines.push(
        `  ${project.padEnd(12)} ${String(sum.files).padStart(3)} files  ${s(sum.ms).padStart(9)}  (imports ${s(sum.importMs)})`,
      )
    lines.push('Slowest files:')
    for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, 25))
      lines.push(`  ${s(row.ms).padStart(8)}  ${row.project.padEnd(12)} ${row.file}  (import ${s(row.importMs)})`)
    lines.push(...notPassed(testModules, this.planned, unhandledErrors))
    const folder = process.env.TEST_NODE_REPORTS
    const died = unhandledErrors.some((error) => JSON.stringify(error).includes('Worker exited unexpectedly'))
    const deaths = [...workerExitLines(folder, died), ...fatalReports(folder)]
    // Nothing died: the folder vitest.config.ts made for the run goes.
    if (folder && deaths.length === 0) rmSync(folder, { recursive: true, force: true })
    lines.push(...deaths)
    process.stdout.write(`${lines.join('\n')}\n`)
  }
}

/** What a module's state means when it is not passed or skipped. */
const MEANING: Record<string, string> = {
  failed: 'failed',
  pending: 'started, never finished (its worker may have died)',
  queued: 'queued, never started',
}

/**
 * The files that did not pass or skip: failed, started and never finished, queued and never
 * started, or planned and absent from the results. Each with its project, its state and its errors
 * (the module's own, such as an import that threw or a hook that failed, then its failed tests').
 */
export function notPassed(
  testModules: ReadonlyArray<TestModule>,
  planned: ReadonlyArray<{ project: string; moduleId: string }>,
  unhandledErrors: ReadonlyArray<SerializedError>,
): string[] {
  const key = (project: string, moduleId: string) => `${project}\0${moduleId}`
  const reported = new Set(testModules.map((module) => key(module.project.name, module.moduleId)))
  const bad = testModules.filter((module) => !['passed', 'skipped'].includes(module.state()))
  const absent = planned.filter(({ project, moduleId }) => !reported.has(key(project, moduleId)))
  const total = bad.length + absent.length
  if (total === 0 && unhandledErrors.length === 0) return ['', 'Every file passed or was skipped.']

  const lines = ['', `Files that did not pass (${total}):`]
  for (const module of bad) {
    const state = module.state()
    lines.push(
      `  ${module.project.name.padEnd(12)} ${relative(process.cwd(), module.moduleId)}: ${MEANING[state] ?? state}`,
    )
    for (const error of module.errors()) lines.push(...describe(error, '      '))
    // Tests run one after another: the first unfinished one is the one that was running.
    const running = state === 'pending' ? module.children.allTests('pending').next().value : undefined
    if (running) lines.push(`    first unfinished test: ${running.fullName}`)
    for (const test of module.children.allTests('failed')) {
      lines.push(`    × ${test.fullName}`)
      for (const error of test.result().errors ?? []) lines.push(...describe(error, '      '))
    }
  }
  for (const { project, moduleId } of absent)
    lines.push(`  ${project.padEnd(12)} ${relative(process.cwd(), moduleId)}: no result (never reported to the run)`)
  if (unhandledErrors.length > 0) {
    lines.push(`Unhandled errors (${unhandledErrors.length}), which Vitest ties to no file:`)
    for (const error of unhandledErrors) lines.push(...describe(error, '    '))
  }
  return lines
}

/** An error as a few lines: its name and message, the first frames of its stack, then its cause's. */
function describe(error: SerializedError, indent: string, depth = 0): string[] {
  const head = `${error.name ?? 'Error'}: ${error.message ?? String(error)}`.split('\n').slice(0, 6)
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 4)
    .map((line) => `  ${line.trim()}`)
  const first = depth > 0 && !head[0]?.startsWith('Caused by') ? `Caused by: ${head[0]}` : head[0]
  const lines = [first, ...head.slice(1), ...stack].map((line) => `${indent}${line}`)
  const cause = (error as { cause?: unknown }).cause
  if (cause && typeof cause === 'object' && depth < 3)
    lines.push(...describe(cause as SerializedError, indent, depth + 1))
  return lines
}

/**
 * The Node diagnostic reports that workers wrote on a V8 fatal error during the run (vitest.config.ts
 * passes --report-on-fatalerror): which process, why, its heap, and where its JavaScript was.
 */
export function fatalReports(folder: string | undefined): string[] {
  if (!folder) return []
  let files: string[]
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.json'))
  } catch {
    return []
  }
  if (files.length === 0) return []
  const lines: string[] = []
  for (const name of files) {
    try {
      const report = JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
        header?: { event?: string; trigger?: string; processId?: number; commandLine?: string[] }
        javascriptStack?: { message?: string; stack?: string[] }
        javascriptHeap?: { totalMemory?: number; usedMemory?: number; memoryLimit?: number }
        resourceUsage?: { maxRss?: number }
      }
      const { header = {}, javascriptStack = {}, javascriptHeap = {}, resourceUsage = {} } = report
      const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : `${Math.round(bytes / 1048576)} MB`)
      lines.push(
        `  pid ${header.processId}: ${header.event} (${header.trigger}); heap used ${mb(javascriptHeap.usedMemory)} of ${mb(javascriptHeap.memoryLimit)}, max RSS ${mb(resourceUsage.maxRss)}`,
        `    ${javascriptStack.message ?? ''}`,
        ...(javascriptStack.stack ?? []).slice(0, 6).map((frame) => `    ${frame.trim()}`),
        `    (${join(folder, name)})`,
      )
    } catch (error) {
      lines.push(`  ${join(folder, name)}: unreadable (${error instanceof Error ? error.message : String(error)})`)
    }
  }
  return lines.length > 0 ? ['', `Worker processes that died of a fatal error (${files.length}):`, ...lines] : []
}
