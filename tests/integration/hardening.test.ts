import { connect } from 'node:net'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testimonials } from '../../src/db/schema'
import { buildApp } from '../../src/server/app'
import { render } from '../../src/server/ssr/render'
import type { RenderPage } from '../../src/server/ssr/types'
import { buildTestApp, setUpTestApp, testEnv } from '../helpers/build-app'
import { resetDatabase } from '../helpers/db'
import { makePdf } from '../helpers/fixtures'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

/** Each finding of the security review, as a test that failed before its fix. */

const ASSETS = { scripts: [], css: [], preloads: [] }
let renders = 0
const countingRender: RenderPage = Object.assign(
  async (input: Parameters<RenderPage>[0]) => {
    renders += 1
    return render(input)
  },
  { resolve: render.resolve },
)

const setup = setUpTestApp({
  env: { ADMIN_EMAILS: 'admin@example.org' },
  ssr: { render: countingRender, assets: ASSETS },
  reset: false,
})

/** An app whose log lines are kept, to check what reaches the log. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const app = await buildApp({
    env: testEnv(env),
    db: setup.database.handle,
    logger: { level: 'info', stream },
  })
  await app.ready()
  return { app, lines }
}

describe('tRPC batches are bounded', () => {
  it('refuses a batch of more than ten calls with a 4xx and does no work', async () => {
    const paths = (n: number) => Array.from({ length: n }, () => 'researchStudies.list').join(',')
    const input = encodeURIComponent(JSON.stringify({}))
    const ten = await setup.app.inject({ method: 'GET', url: `/trpc/${paths(10)}?batch=1&input=${input}` })
    expect(ten.statusCode).toBe(200)
    const eleven = await setup.app.inject({ method: 'GET', url: `/trpc/${paths(11)}?batch=1&input=${input}` })
    expect(eleven.statusCode).toBe(400)
    const flood = await setup.app.inject({ method: 'GET', url: `/trpc/${paths(238)}?batch=1&input=${input}` })
    expect(flood.statusCode).toBeGreaterThanOrEqual(400)
    expect(flood.statusCode).toBeLessThan(500)
    expect(flood.body.length).toBeLessThan(10_000)
  })
})

describe('slow clients are cut off', () => {
  let server: FastifyInstance
  let port = 0
  beforeAll(async () => {
    server = await buildTestApp(setup.database.handle, { env: { REQUEST_TIMEOUT_S: '2' } })
    await server.listen({ port: 0, host: '127.0.0.1' })
    const address = server.server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(async () => {
    await server?.close()
  })

  /** Sends `text` and then nothing; resolves with what came back and how long until the socket closed. */
  const stall = (text: string) =>
    new Promise<{ ms: number; answer: string }>((resolve, reject) => {
      const started = Date.now()
      let answer = ''
      const socket = connect(port, '127.0.0.1', () => socket.write(text))
      socket.on('data', (chunk) => {
        answer += chunk.toString()
      })
      socket.on('close', () => resolve({ ms: Date.now() - started, answer }))
      socket.on('error', reject)
      setTimeout(() => {
        socket.destroy()
        reject(new Error('the server kept a stalled request open for 15 s'))
      }, 15_000).unref()
    })

  it('closes a request whose body stalls, within the request timeout', async () => {
    const { ms, answer } = await stall(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":',
    )
    expect(ms).toBeLessThan(5_000)
    expect(answer).not.toContain('201')
  })

  it('closes a request whose headers stall', async () => {
    const { ms } = await stall('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    expect(ms).toBeLessThan(5_000)
  })

  it('allows at most 30 s by default', () => {
    expect(testEnv().REQUEST_TIMEOUT_S).toBeLessThanOrEqual(30)
  })
})

describe('the page cache', () => {
  it('shares one entry across query strings no page reads', async () => {
    await setup.app.inject({ method: 'GET', url: '/research' })
    const before = renders
    for (const r of ['a', 'b', 'c']) {
      const response = await setup.app.inject({ method: 'GET', url: `/research?r=${r}${Math.random()}` })
      expect(response.statusCode).toBe(200)
    }
    expect(renders).toBe(before)
  })

  it('renders a page once when many visitors ask for it before it is cached', async () => {
    await setup.app.contentEvents.settle()
    await setup.database.handle.db
      .insert(testimonials)
      .values({ name: 'Cold Start', testimonial: 'Rendered once.', isApproved: true })
    await setup.app.contentEvents.settle()
    const before = renders
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => setup.app.inject({ method: 'GET', url: '/faq' })),
    )
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    expect(renders).toBe(before + 1)
  })

  it('gives every unknown path one shared not-found entry', async () => {
    await setup.app.inject({ method: 'GET', url: '/no-such-page' })
    const before = renders
    for (const path of ['/another-miss', '/x/y/z', `/random-${Math.random()}`]) {
      expect((await setup.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    }
    expect(renders).toBe(before)
  })

  it('never lets a junk path the router would redirect or read as another page become the not-found page', async () => {
    for (const path of ['/x/%20', '/%20', '/a%20', `/downloads/${'%20'.repeat(600)}`, '/__not-found']) {
      const response = await setup.app.inject({ method: 'GET', url: path })
      expect([200, 404], path).toContain(response.statusCode)
    }
    for (const path of ['/another-miss', '/x/y/z']) {
      const response = await setup.app.inject({ method: 'GET', url: path })
      expect(response.statusCode, path).toBe(404)
      expect(response.body, path).toContain('Page Not Found')
    }
  })

  it('answers a page parameter outside ASCII as a page or a redirect whose address is percent-encoded, never a 500', async () => {
    for (const path of ['/news/%F0%9F%98%80', '/standards/%F0%9F%98%80', '/registry/%C3%A9', '/news/caf%C3%A9']) {
      const response = await setup.app.inject({ method: 'GET', url: path })
      expect(response.statusCode, path).toBe(404)
      expect(response.body, path).toContain('Page Not Found')
    }
    // A path the router writes differently (a trailing slash) is redirected to its form, encoded.
    const redirected = await setup.app.inject({ method: 'GET', url: '/news/%F0%9F%98%80/' })
    expect(redirected.statusCode).toBeLessThan(500)
    if (redirected.statusCode >= 300 && redirected.statusCode < 400)
      expect(redirected.headers.location).toMatch(/^[\x21-\x7e]+$/)
  })

  it('never files a page under another page’s entry: //host/research is not /research', async () => {
    expect((await setup.app.inject({ method: 'GET', url: '//evil.example/research' })).statusCode).toBe(404)
    const research = await setup.app.inject({ method: 'GET', url: '/research' })
    expect(research.statusCode).toBe(200)
    expect(research.body).toContain('Studies Found')
  })

  it('answers 503 when the data behind a page failed, and keeps nothing', async () => {
    const { db } = setup.database.handle
    await resetDatabase(setup.database.handle)
    await db
      .insert(testimonials)
      .values({ name: 'Back Again', testimonial: 'Served after the outage.', isApproved: true })
    await setup.app.contentEvents.settle()
    await db.execute('alter table testimonials rename to testimonials_away')
    try {
      const failed = await setup.app.inject({ method: 'GET', url: '/' })
      expect(failed.statusCode).toBe(503)
      expect(failed.headers['retry-after']).toBeDefined()
    } finally {
      await db.execute('alter table testimonials_away rename to testimonials')
    }
    const recovered = await setup.app.inject({ method: 'GET', url: '/' })
    expect(recovered.statusCode).toBe(200)
    expect(recovered.body).toContain('Back Again')
  })

  it.each(['/ADMIN', '/%61dmin', '/aDmIn'])('sends %s to the admin page itself, which is never kept', async (path) => {
    const before = renders
    const first = await setup.app.inject({ method: 'GET', url: path })
    expect(first.statusCode).toBe(308)
    expect(first.headers.location).toBe('/admin')
    expect(renders).toBe(before)
    const admin = await setup.app.inject({ method: 'GET', url: '/admin' })
    expect(admin.headers['cache-control']).toContain('no-store')
    await setup.app.inject({ method: 'GET', url: '/admin' })
    expect(renders).toBe(before + 2)
  })
})

describe('the cross-site guard decides on the matched route', () => {
  it('refuses a cross-site GET of /api/%6Cogout and keeps the session', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    const forged = await setup.app.inject({
      method: 'GET',
      url: '/api/%6Cogout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    })
    expect(forged.statusCode).toBe(403)
    const me = await setup.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })
    expect(me.statusCode).toBe(200)
  })
})

describe('one-time-link sessions', () => {
  const me = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })

  it('count as admin only while no issuer is configured, the e-mail is allowed, and for hours', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org', 'link')
    expect((await me(setup.app, cookie)).json()).toMatchObject({ isAdmin: true })

    const stale = await loginCookie(setup.app, 'admin@example.org', 'link', Date.now() - 9 * 60 * 60 * 1000)
    expect((await me(setup.app, stale)).statusCode).toBe(401)

    const withIssuer = await buildTestApp(setup.database.handle, {
      env: { ADMIN_EMAILS: 'admin@example.org', OIDC_ISSUER: 'https://issuer.example', OIDC_CLIENT_ID: 'x' },
    })
    const otherAllowlist = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: 'someone@example.org' } })
    try {
      expect((await me(withIssuer, await loginCookie(withIssuer, 'admin@example.org', 'link'))).statusCode).toBe(401)
      expect(
        (await me(otherAllowlist, await loginCookie(otherAllowlist, 'admin@example.org', 'link'))).statusCode,
      ).toBe(401)
    } finally {
      await withIssuer.close()
      await otherAllowlist.close()
    }
  })

  it('are printed at each start, but not in production once the operator has signed in', async () => {
    await resetDatabase(setup.database.handle)
    const linkLine = (lines: Record<string, unknown>[]) =>
      lines.some((line) => String(line.msg).includes('Single-use admin sign-in link'))

    const fresh = await appWithLog({ NODE_ENV: 'production' })
    await fresh.app.close()
    expect(linkLine(fresh.lines)).toBe(true)

    await loginCookie(setup.app, 'admin@localhost', 'link')
    const later = await appWithLog({ NODE_ENV: 'production' })
    await later.app.close()
    expect(linkLine(later.lines)).toBe(false)
    expect(later.lines.some((line) => String(line.msg).includes('SIGN_IN_LINK=on'))).toBe(true)

    const asked = await appWithLog({ NODE_ENV: 'production', SIGN_IN_LINK: 'on' })
    await asked.app.close()
    expect(linkLine(asked.lines)).toBe(true)
  })
})

describe('small findings', () => {
  it('uses a client’s X-Request-Id only when it is a plain token', async () => {
    const { app, lines } = await appWithLog()
    try {
      await app.inject({ method: 'GET', url: '/api/testimonials?one', headers: { 'x-request-id': 'proxy-42.a' } })
      await app.inject({
        method: 'GET',
        url: '/api/testimonials?two',
        headers: { 'x-request-id': 'x\u2028"forged": true' },
      })
    } finally {
      await app.close()
    }
    const ids = lines.filter((line) => line.reqId).map((line) => String(line.reqId))
    expect(ids).toContain('proxy-42.a')
    expect(ids.some((id) => id.includes('forged'))).toBe(false)
  })

  it('marks answers about a signed-in user no-store, tRPC answers included', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    const trpc = await setup.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } })
    expect(trpc.statusCode).toBe(200)
    expect(trpc.headers['cache-control']).toContain('no-store')
    const rest = await setup.app.inject({ method: 'GET', url: '/api/research-studies', headers: { cookie } })
    expect(rest.headers['cache-control']).toContain('no-store')
  })

  it('answers a form with too many parts with the true reason', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    const boundary = '----mhbotfields'
    const field = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`
    const payload = Buffer.concat([
      Buffer.from(Array.from({ length: 8 }, (_, i) => field(`f${i}`)).join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      await makePdf(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const response = await setup.app.inject({
      method: 'POST',
      url: '/api/upload/research-attachment',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).not.toContain('larger than')
    expect(response.json().message).toContain('one file')
  })

  it('keeps the sign-in link page’s token on the site: its Referer goes to the site only, and it is never kept', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/login/link?token=abcdefghijklmnopqrstuvwxyz' })
    // same-origin, not no-referrer: the page's button posts, and no-referrer makes that post's Origin "null".
    expect(response.headers['referrer-policy']).toBe('same-origin')
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('does not take a client address from X-Forwarded-For unless told to', async () => {
    const limited = await buildTestApp(setup.database.handle, { env: { RATE_LIMITS: 'on' } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 7; i++) {
        const response = await limited.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '10.1.2.3',
          headers: { ...SAME_ORIGIN, 'x-forwarded-for': `203.0.113.${i}` },
          payload: {
            name: 'Jane',
            email: 'jane@example.org',
            subject: 'Spoofing',
            message: 'Every time a new address.',
          },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses.slice(5)).toEqual([429, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('rate limits shared by replicas', () => {
  const contact = { name: 'Jane', email: 'jane@example.org', subject: 'Budget check', message: 'Counting my sends.' }
  const post = (app: FastifyInstance, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/contact', headers: { ...SAME_ORIGIN, ...headers }, payload: contact })

  it('answer 429 in the one JSON shape with Retry-After and RateLimit headers, one budget for two replicas', async () => {
    await resetDatabase(setup.database.handle)
    const [first, second] = [
      await buildTestApp(setup.database.handle, { env: { RATE_LIMITS: 'on' } }),
      await buildTestApp(setup.database.handle, { env: { RATE_LIMITS: 'on' } }),
    ]
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        statuses.push((await post(first)).statusCode, (await post(second)).statusCode)
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
      const limited = await post(first)
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({
        error: 'Too Many Requests',
        message: 'Too many requests. Please wait a few minutes and try again.',
      })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(limited.headers['ratelimit-limit']).toBe('5')
      expect(limited.headers['ratelimit-remaining']).toBe('0')
      const trpc = await first.inject({
        method: 'POST',
        url: '/trpc/contact.submit',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: contact }),
      })
      expect(trpc.statusCode).toBe(429)
      expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('limit sign-in starts, each budget configurable, and never pages or reads', async () => {
    await resetDatabase(setup.database.handle)
    const app = await buildTestApp(setup.database.handle, {
      env: { RATE_LIMITS: 'on', RATE_LIMIT_LOGIN: '2/1m' },
      ssr: { render, assets: ASSETS },
    })
    try {
      const logins = []
      for (let i = 0; i < 3; i++) logins.push((await app.inject({ method: 'GET', url: '/api/login' })).statusCode)
      expect(logins).toEqual([200, 200, 429])
      for (let i = 0; i < 30; i++) {
        expect((await app.inject({ method: 'GET', url: '/research' })).statusCode).toBe(200)
        expect((await app.inject({ method: 'GET', url: '/api/research-studies' })).statusCode).toBe(200)
      }
    } finally {
      await app.close()
    }
  })
})
