import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { noteExitsWhileRunning, setRunningFile } from './worker-exits'

/**
 * An unexpected console.error or console.warn fails the test that caused it (as in the Epic Stack).
 * A test that expects one says so: it spies on the method itself, e.g.
 * `const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})`, and asserts the call.
 */
const WATCHED = ['error', 'warn'] as const
type Watched = (typeof WATCHED)[number]

let calls: { method: Watched; args: unknown[] }[] = []
beforeEach(() => {
  calls = []
  for (const method of WATCHED) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      calls.push({ method, args })
    })
  }
})
afterEach(() => {
  for (const method of WATCHED) vi.mocked(console[method]).mockRestore()
  const failures = WATCHED.flatMap((method) => {
    const own = calls.filter((call) => call.method === method)
    const first = own[0]?.args.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ')
    return own.length > 0 ? [`console.${method} was called ${own.length} time(s): ${first}`] : []
  })
  if (failures.length > 0) throw new Error(failures.join('\n'))
})

// In CI, a worker that exits while a file runs leaves its file and the exiting stack (worker-exits.ts).
const reports = process.env.TEST_NODE_REPORTS
if (reports) {
  noteExitsWhileRunning(reports)
  beforeAll(() => setRunningFile(expect.getState().testPath ?? 'a file'))
  afterAll(() => setRunningFile(null))
}
