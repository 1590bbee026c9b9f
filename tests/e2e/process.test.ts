import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startBuiltServer } from '../helpers/server'

const runBuilt = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['dist/server/main.js'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })

describe('the built server as a process', () => {
  it.each([
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET'],
  ])('stops with exit code 1 and one line naming the bad setting for %o', (env, key) => {
    const result = runBuilt(env)
    expect(result.status).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(key)
    expect(result.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
  })

  it('keeps its data across a restart on the embedded database, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mhbot-restart-'))
    try {
      const first = await startBuiltServer({ DATA_DIR: dataDir })
      const subscribe = await fetch(`${first.url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.url },
        body: JSON.stringify({ email: 'persist@example.org' }),
      })
      expect(subscribe.status).toBe(201)
      const studiesBefore = (await (await fetch(`${first.url}/api/research-studies`)).json()) as unknown[]
      expect(await first.stop()).toBe(0)

      const second = await startBuiltServer({ DATA_DIR: dataDir })
      const studiesAfter = (await (await fetch(`${second.url}/api/research-studies`)).json()) as unknown[]
      expect(studiesAfter).toHaveLength(studiesBefore.length)
      const home = await (await fetch(`${second.url}/`)).text()
      expect(home).toContain('Setting Standards for Mild Hyperbaric Wellness')
      expect(await second.stop()).toBe(0)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('lets a request in flight finish when SIGTERM arrives', async () => {
    const server = await startBuiltServer()
    const body = JSON.stringify({ email: 'in-flight@example.org' })
    // The request starts, then the signal arrives while its body is still on the way.
    const status = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/newsletter/subscribe`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length, origin: server.url },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      request.on('error', reject)
      request.write(body.slice(0, 10))
      setTimeout(() => {
        server.process.kill('SIGTERM')
        setTimeout(() => request.end(body.slice(10)), 300)
      }, 300)
    })
    expect(await status).toBe(201)
    expect(await server.stop()).toBe(0)
  })
})
