import { type ChildProcessByStdio, execFileSync, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs'
import { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { serializeError } from '../../src/server/log'
import { closeLogStream, openLogStream } from '../../src/server/log-stream.mjs'

describe('serializeError', () => {
  it('keeps a failed query’s SQL and code but never its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(jane@example.org) already exists.',
    })
    const error = new DrizzleQueryError(
      'insert into "contact_submissions" values ($1, $2)',
      ['Jane', 'jane@example.org'],
      cause,
    )
    const logged = JSON.stringify(serializeError(error))
    expect(logged).toContain('insert into')
    expect(logged).toContain('23505')
    expect(logged).not.toContain('jane@example.org')
    expect(logged).not.toContain('Jane')
  })
})

/** The log stream's module, for the scripts run in a child process. */
const LOG_STREAM = fileURLToPath(new URL('../../src/server/log-stream.mjs', import.meta.url))
const LINES = 3000

/**
 * A child's script: opens the log stream on `fifo` without blocking (a full pipe refuses a write,
 * EAGAIN), writes LINES lines of about 200 bytes in one turn, then runs `end`.
 */
const writesLines = (fifo: string, end: string) => `import { constants, openSync } from 'node:fs'
import { closeLogStream, openLogStream } from ${JSON.stringify(LOG_STREAM)}
const stream = openLogStream({ fd: openSync(${JSON.stringify(fifo)}, constants.O_WRONLY | constants.O_NONBLOCK) })
for (let i = 0; i < ${LINES}; i += 1) stream.write(JSON.stringify({ i, pad: 'x'.repeat(200) }) + '\\n')
${end}`

/**
 * Runs `script(fifo)` in a child process whose log goes to a FIFO that nothing reads until
 * `readerStarts(child)` has resolved: meanwhile the pipe's 64 KB fill and the child's writes are
 * refused. Returns the child's exit code and the lines the FIFO carried until the child ended.
 */
async function childWritingToFifo(
  script: (fifo: string) => string,
  readerStarts: (child: ChildProcessByStdio<null, null, Readable>) => Promise<unknown>,
) {
  const folder = mkdtempSync(join(tmpdir(), 'mhbot-log-stream-'))
  const fifo = join(folder, 'log')
  execFileSync('mkfifo', [fifo])
  const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
  // Held open until the child has exited, so that the reader sees no end before the child opens.
  let heldWriter: number | undefined = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
  let reader: Socket | undefined
  try {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script(fifo)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const exited = once(child, 'exit')
    await readerStarts(child)
    let received = ''
    reader = new Socket({ fd: readEnd, readable: true, writable: false })
    reader.setEncoding('utf8')
    reader.on('data', (chunk: string) => {
      received += chunk
    })
    const ended = once(reader, 'end')
    const [code] = await exited
    closeSync(heldWriter)
    heldWriter = undefined
    await ended
    return { code, lines: received.split('\n').filter((line) => line !== '') }
  } finally {
    if (heldWriter !== undefined) closeSync(heldWriter)
    if (reader) reader.destroy()
    else closeSync(readEnd)
    rmSync(folder, { recursive: true, force: true })
  }
}

describe('openLogStream', () => {
  it('holds at most its limit for a reader that stopped, and says how many lines it dropped once the reader is back', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mhbot-log-stream-'))
    const fifo = join(folder, 'log')
    execFileSync('mkfifo', [fifo])
    const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const writeEnd = openSync(fifo, 'w')
    let reader: Socket | undefined
    try {
      let told = (_lines: number) => {}
      const dropped = new Promise<number>((resolve) => {
        told = resolve
      })
      const stream = openLogStream({ fd: writeEnd, maxBytes: 16 * 1024, onDropped: (lines) => told(lines) })
      // 200 KB in one turn against a pipe that holds 64 KB and is not read.
      const LINES = 1000
      for (let i = 0; i < LINES; i += 1) stream.write(`${JSON.stringify({ i, pad: 'x'.repeat(180) })}\n`)

      let received = ''
      reader = new Socket({ fd: readEnd, readable: true, writable: false })
      reader.on('data', (chunk: Buffer) => {
        received += chunk.toString()
      })
      const lost = await dropped
      await closeLogStream(stream)
      const arrived = () => received.split('\n').filter((line) => line !== '')
      for (const deadline = Date.now() + 5_000; arrived().length + lost < LINES && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 20))
      const lines = arrived()
      expect(lost).toBeGreaterThan(0)
      // Every line either arrived whole or was counted.
      expect(lines.length + lost).toBe(LINES)
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
    } finally {
      // The reader closes its descriptor; before it exists the test closes it.
      if (reader) reader.destroy()
      else closeSync(readEnd)
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('waits out a descriptor that does not block and is full, and loses no line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mhbot-log-stream-'))
    const fifo = join(folder, 'log')
    execFileSync('mkfifo', [fifo])
    const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    // A write end that answers EAGAIN when the pipe is full, as a collector's pipe can be.
    const writeEnd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
    let reader: Socket | undefined
    try {
      const stream = openLogStream({ fd: writeEnd })
      const LINES = 2000
      for (let i = 0; i < LINES; i += 1) stream.write(`${JSON.stringify({ i, pad: 'é'.repeat(90) })}\n`)
      // Nothing reads for a while: the pipe's 64 KB fill and the writes are refused.
      await new Promise((resolve) => setTimeout(resolve, 200))
      let received = ''
      reader = new Socket({ fd: readEnd, readable: true, writable: false })
      reader.setEncoding('utf8')
      reader.on('data', (chunk: string) => {
        received += chunk
      })
      await closeLogStream(stream)
      const arrived = () => received.split('\n').filter((line) => line !== '')
      for (const deadline = Date.now() + 5_000; arrived().length < LINES && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 20))
      expect(arrived().map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: LINES }, (_, i) => i))
    } finally {
      if (reader) reader.destroy()
      else closeSync(readEnd)
      closeSync(writeEnd)
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('keeps the process alive until a full descriptor that does not block has taken every line, at a graceful stop', async () => {
    // A graceful stop closes the server and the database, then awaits closeLogStream: nothing else
    // holds the event loop open. Were the retry of a refused write (EAGAIN) not to hold it, the
    // process would end there, with the rest of a line half-written (CI, 2026-11-29).
    const { code, lines } = await childWritingToFifo(
      (fifo) => writesLines(fifo, 'closeLogStream(stream).finally(() => process.exit(0))'),
      () => new Promise((resolve) => setTimeout(resolve, 300)),
    )
    expect(code).toBe(0)
    expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: LINES }, (_, i) => i))
  })

  it('writes a refused write and what waits behind it when the process exits while the descriptor is full', async () => {
    // The pipe fills, a write is refused and waits for its retry; then a fatal error ends the process.
    const exit = `setTimeout(() => {
  process.stderr.write('exiting\\n')
  process.exit(3)
}, 200)`
    const { code, lines } = await childWritingToFifo(
      (fifo) => writesLines(fifo, exit),
      // The reader starts as the child exits: its last write keeps trying a full descriptor for a second.
      (child) => once(child.stderr, 'data'),
    )
    expect(code).toBe(3)
    expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: LINES }, (_, i) => i))
  })

  it('writes the lines still waiting when the process exits without closing it', () => {
    // A process that logs and ends at once, as one that meets a fatal error does.
    const script = `import { openLogStream } from ${JSON.stringify(LOG_STREAM)}
const stream = openLogStream()
for (let i = 0; i < 500; i += 1) stream.write(JSON.stringify({ i }) + '\\n')
process.exit(3)`
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(child.status).toBe(3)
    const lines = child.stdout.split('\n').filter((line) => line !== '')
    expect(lines.map((line) => JSON.parse(line).i)).toEqual(Array.from({ length: 500 }, (_, i) => i))
  })
})
