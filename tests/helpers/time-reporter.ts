import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints, after a run in CI, where its time went: each project's summed file time and the slowest
 * files (import plus tests and hooks). CI keeps only the tail of a run's output, and the default
 * reporter's per-file lines scroll out of it; this is what a change to the suite's length is judged by.
 */
export default class TimeReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
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
    process.stdout.write(`${lines.join('\n')}\n`)
  }
}
