import { spawnSync } from 'node:child_process'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { rawRequest } from '../helpers/raw-http'
import type { RunningServer } from '../helpers/server'
import { useStack } from './stack'
import { sleep } from './support'

/** A GET as a client sends it, raw: no decoding, so the encoding and bytes the server chose are seen. */
const get = (url: string, headers: Record<string, string> = {}) => {
  const { origin, pathname, search } = new URL(url)
  return rawRequest(origin, `${pathname}${search}`, headers)
}

/** Each request leaves one line; a kept answer served before Fastify marks its own `"kept":true`. */
/**
 * The server writes its log in batches, at the latest 20 ms after a line
 * (docs/decisions/038-logs-off-the-request-path.md): lines are counted once the last batch is out.
 */
const logFlushed = () => sleep(150)

const handledByFastify = (server: RunningServer, path: string) =>
  server
    .logs()
    .split('\n')
    .filter(
      (line) =>
        line.includes('"request completed"') && !line.includes('"kept":true') && line.includes(`"url":"${path}"`),
    ).length

/** A session on `server` for its first admin, through a link from the admin:link command. */
async function adminCookie(server: RunningServer): Promise<string> {
  const command = spawnSync(process.execPath, ['dist/server/admin-link.js', 'admin@localhost'], {
    env: server.env,
    encoding: 'utf8',
  })
  const link = `${command.stdout}${command.stderr}`.match(/(http:\/\/\S+\/api\/login\/link\?token=\S+)/)?.[1]
  if (!link) throw new Error(`no sign-in link: ${command.stdout}${command.stderr}`)
  // Opening the link shows its page and uses nothing up; the page's button posts the token.
  const url = new URL(link)
  const response = await fetch(new URL(url.pathname, link), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
    body: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }),
  })
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('mhbot.sid='))
  if (!cookie) throw new Error(`sign-in gave no session (${response.status})`)
  return cookie.split(';')[0] ?? ''
}

const PUBLIC = ['/research', '/api/research-studies']

describe.skipIf(!inject('postgresAdminUrl'))('kept public answers on two server processes', () => {
  const stack = useStack({ servers: 2, browser: false, env: { LOG_LEVEL: 'info' } })
  let cookie: string

  beforeAll(async () => {
    cookie = await adminCookie(stack.server)
  })

  it('shows a change made through the admin at once on its own process and within a second on the other', async () => {
    const [first, second] = stack.servers as [RunningServer, RunningServer]
    // The first request for a URL renders it through Fastify; every later one, in either encoding,
    // is a kept answer that Fastify never sees.
    for (const server of stack.servers)
      for (const path of PUBLIC)
        for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
          expect((await get(`${server.url}${path}`, headers)).status).toBe(200)
          expect((await get(`${server.url}${path}`, headers)).status).toBe(200)
        }
    await logFlushed()
    for (const server of stack.servers)
      for (const path of PUBLIC) expect(handledByFastify(server, path), `${server.url}${path}`).toBe(1)

    const title = `Kept answers study ${Date.now()}`
    const created = await fetch(`${first.url}/api/research-studies`, {
      method: 'POST',
      headers: { cookie, origin: first.url, 'content-type': 'application/json' },
      body: JSON.stringify({ title, category: 'General Wellness', url: 'https://example.org/kept' }),
    })
    expect(created.status).toBe(201)

    // The process that made the change answered only once its own kept answers were gone.
    for (const path of PUBLIC) expect((await get(`${first.url}${path}`)).body.toString()).toContain(title)

    const changedAt = Date.now()
    const seen = new Set<string>()
    while (seen.size < PUBLIC.length && Date.now() - changedAt < 1000) {
      for (const path of PUBLIC) if ((await get(`${second.url}${path}`)).body.toString().includes(title)) seen.add(path)
      await sleep(20)
    }
    expect([...seen].sort()).toEqual([...PUBLIC].sort())

    // And the fresh answers are kept again: asked twice more, Fastify sees each URL once.
    await logFlushed()
    const before = PUBLIC.map((path) => handledByFastify(second, path))
    for (const path of PUBLIC) for (let i = 0; i < 2; i += 1) await get(`${second.url}${path}`)
    await logFlushed()
    expect(PUBLIC.map((path, i) => handledByFastify(second, path) - (before[i] ?? 0))).toEqual([0, 0])
  })

  it('answers a conditional request with 304 for the representation the client holds', async () => {
    const { server } = stack
    for (const path of PUBLIC) {
      const plain = await get(`${server.url}${path}`)
      const br = await get(`${server.url}${path}`, { 'accept-encoding': 'br' })
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toBe('accept-encoding')
      expect(br.body.length).toBeLessThan(plain.body.length)
      expect(plain.headers.etag).not.toBe(br.headers.etag)

      const notModified = await get(`${server.url}${path}`, {
        'accept-encoding': 'br',
        'if-none-match': String(br.headers.etag),
      })
      expect(notModified.status).toBe(304)
      expect(notModified.body.length).toBe(0)
      expect(notModified.headers.etag).toBe(br.headers.etag)
      // Holding the plain bytes does not make the brotli ones "not modified".
      const other = await get(`${server.url}${path}`, {
        'accept-encoding': 'br',
        'if-none-match': String(plain.headers.etag),
      })
      expect(other.status).toBe(200)
      // A page keeps its security headers when served from memory.
      if (!path.startsWith('/api'))
        expect(String(plain.headers['content-security-policy'])).toContain("script-src 'self'")
    }
  })

  it('never keeps or shares what depends on a session', async () => {
    const { server } = stack
    // A signed-in request for a public page reaches Fastify and is marked private, kept page or not.
    for (const path of PUBLIC) {
      await get(`${server.url}${path}`)
      const signedIn = await get(`${server.url}${path}`, { cookie })
      expect(signedIn.headers['cache-control']).toBe('no-store, private')
      expect((await get(`${server.url}${path}`)).headers['cache-control']).toBe('no-cache')
    }
    // Who is signed in is never kept: the same URL without the session says nobody.
    for (const path of ['/api/auth/user', '/admin']) {
      const mine = await get(`${server.url}${path}`, { cookie })
      expect(mine.status, path).toBe(200)
      expect(mine.headers['cache-control'], path).toBe('no-store, private')
      const anyone = await get(`${server.url}${path}`)
      expect(anyone.body.toString(), path).not.toContain('admin@localhost')
    }
    const me = await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie } })
    expect(await me.text()).toContain('admin@localhost')
    const nobody = await fetch(`${server.url}/trpc/auth.me`)
    expect(await nobody.text()).not.toContain('admin@localhost')
  })
})
