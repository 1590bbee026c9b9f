import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, constants, openSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { freePort } from '../../src/tools/processes.mjs'
import { setUpTestDatabase } from '../helpers/db'

/**
 * The request log as production writes it (docs/decisions/038-logs-off-the-request-path.md): the
 * server from source as a child process, its standard output a pipe. While nothing reads that pipe
 * the server keeps answering (a log written in the request's turn would stop the event loop once the
 * pipe's 64 KB are full), and after SIGTERM every request's line is there, whole and in order of
 * its kind.
 */

const HELPER = fileURLToPath(new URL('../helpers/server-process.ts', import.meta.url))
// Each line is about 230 bytes: several times the 64 KB a pipe holds.
const REQUESTS = 2_000
const CONCURRENCY = 50
const ADMIN = '/api/admin/contact-submissions'

const test = setUpTestDatabase({ reset: false })
const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

it('keeps answering while its log is not read, and loses no request line at SIGTERM', {
  timeout: 120_000,
}, async () => {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const folder = await mkdtemp(join(tmpdir(), 'mhbot-request-log-'))
  folders.push(folder)
  // The server's standard output is a named pipe this test reads only when it chooses (a pipe Node
  // makes for a child is read into the parent's buffers as data arrives).
  const fifo = join(folder, 'stdout')
  execFileSync('mkfifo', [fifo])
  const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
  const writeEnd = openSync(fifo, 'w')
  const child = spawn(process.execPath, ['--import', 'tsx', HELPER], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: 'request-log-secret-request-log-secret-01',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      ...(test.database.url ? { DATABASE_URL: test.database.url } : { DATA_DIR: join(folder, 'data') }),
    },
    stdio: ['ignore', writeEnd, 'pipe'],
  })
  closeSync(writeEnd)
  const exited = once(child, 'exit')
  let stderr = ''
  let reader: Socket | undefined
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  try {
    for (const deadline = Date.now() + 60_000; ; ) {
      if (child.exitCode !== null) throw new Error(`the server exited during start-up: ${stderr}`)
      const ready = await fetch(`${base}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
      if (ready) break
      if (Date.now() > deadline) throw new Error(`the server was not ready in 60 s: ${stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }

    // Nothing reads the server's standard output yet: the pipe fills within the first thousand or so.
    const statuses = new Map<number, number>()
    let sent = 0
    const worker = async () => {
      while (sent < REQUESTS) {
        sent += 1
        // A kept answer, and one Fastify makes (the admin's refusal without a session).
        const path = sent % 2 ? '/api/resources' : ADMIN
        const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) })
        await response.arrayBuffer()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    expect(Object.fromEntries(statuses)).toEqual({ 200: REQUESTS / 2, 401: REQUESTS / 2 })
    const probe = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })
    expect(probe.status).toBe(200)

    // Now the log is read, the server stopped, and every line looked for.
    let stdout = ''
    reader = new Socket({ fd: readEnd, readable: true, writable: false })
    reader.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    const readAll = once(reader, 'end')
    child.kill('SIGTERM')
    const [code] = await exited
    await readAll
    expect(code).toBe(0)
    const lines = stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; kept?: boolean })
    const completed = (url: string) => lines.filter((line) => line.msg === 'request completed' && line.req?.url === url)
    expect(completed('/api/resources').length).toBe(REQUESTS / 2)
    // Most are sent from the kept answers, the rest by Fastify (the first, and any after a content
    // change dropped the kept answer): both kinds of line are there.
    expect(completed('/api/resources').filter((line) => line.kept).length).toBeGreaterThan(REQUESTS / 4)
    expect(completed(ADMIN).length).toBe(REQUESTS / 2)
    expect(lines.at(-1)?.msg).toBe('shutting down')
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
    if (reader) reader.destroy()
    else closeSync(readEnd)
  }
})
