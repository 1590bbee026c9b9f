import type { IncomingMessage } from 'node:http'
import { Writable } from 'node:stream'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { keptLineWriter, loggerOptions, requestCompleted, requestId } from '../../src/server/log'

/** A logger configured as the server configures its own, whose lines are kept as written. */
function capturedLogger() {
  const written: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk))
      done()
    },
  })
  const app = Fastify({ logger: loggerOptions('info', stream) })
  return { app, log: app.log, written }
}

/** pino's own time field differs by the millisecond the line was written. */
const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0')

describe("a kept answer's request line, written without pino's serializer", () => {
  const { app, log, written } = capturedLogger()
  afterAll(() => app.close())

  const cases = [
    { req: { method: 'GET', url: '/faq' }, statusCode: 200, responseTime: 0.123456, kept: true as const },
    {
      req: { method: 'HEAD', url: '/news?page=2&token=a-secret' },
      statusCode: 304,
      responseTime: 12,
      kept: true as const,
    },
    { req: { method: 'GET', url: '/search/"quoted"\\back\u2028line/שלום' }, statusCode: 404, responseTime: 1.5 },
  ]

  it('is taken for the server’s own logger', () => {
    expect(keptLineWriter(log)).not.toBeNull()
  })

  it.each(cases)('is byte for byte the line pino writes: $req.method $req.url', async (fields) => {
    const write = keptLineWriter(log)
    if (!write) throw new Error('no writer')
    written.length = 0
    write(fields, 'proxy-id-1')
    log.info(
      requestCompleted({ ...fields, req: { ...fields.req, url: fields.req.url.split('?')[0] ?? '' } }, 'proxy-id-1'),
      'request completed',
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(written).toHaveLength(2)
    const [fast, pinos] = written.map(withoutTime)
    expect(fast).toBe(pinos)
    const parsed = JSON.parse(fast ?? '')
    expect(parsed.req.url).not.toContain('?')
    expect(parsed.reqId).toBe('proxy-id-1')
  })

  it('is not taken for a logger that changes its lines (a mixin), which then logs through pino', () => {
    const mixed = pino({ mixin: () => ({ replica: 'b' }) }) as unknown as FastifyBaseLogger
    expect(keptLineWriter(mixed)).toBeNull()
  })
})

describe('request ids', () => {
  const bare = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage

  it('are this process’s own and never repeat; a plain X-Request-Id is kept', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => requestId(bare())))
    expect(ids.size).toBe(10_000)
    for (const id of [...ids].slice(0, 5)) expect(id).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/)
    expect(requestId(bare({ 'x-request-id': 'proxy-42.a' }))).toBe('proxy-42.a')
    expect(requestId(bare({ 'x-request-id': 'x"forged": true' }))).not.toContain('forged')
  })
})
