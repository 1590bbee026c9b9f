import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs'
import { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
})
