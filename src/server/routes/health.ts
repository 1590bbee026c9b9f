import type { FastifyPluginAsync } from 'fastify'
import { withTimeout } from '../time-limit'

const READY_TIMEOUT_MS = 2000

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await withTimeout(app.dbHandle.ping(), READY_TIMEOUT_MS)
      return { status: 'ready' }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed')
      return reply.code(503).send({ status: 'unavailable', reason: 'database is not answering' })
    }
  })
}
