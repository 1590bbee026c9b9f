import { Writable } from 'node:stream'
import type { FastifyServerOptions } from 'fastify'
import { loggerOptions } from '../../src/server/log'

/** The app's log at `level`, as production shapes it, into `lines` (one parsed object per line) for a test to read. */
export function capturedLog(level = 'info'): {
  lines: Record<string, unknown>[]
  logger: FastifyServerOptions['logger']
} {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, logger: { ...(loggerOptions(level) as object), stream } as FastifyServerOptions['logger'] }
}
