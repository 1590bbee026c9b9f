import fp from 'fastify-plugin'
import { pruneExpiredSessions } from '../auth/session-store'
import { pruneOrphanAttachments } from '../services/attachments'
import { pruneRateLimitCounters } from './rate-limit'

const EVERY_MS = 30 * 60 * 1000

/**
 * Housekeeping at start-up and every half hour: expired sessions, and uploads no study ever
 * claimed (after a day's grace). Both are idempotent, so replicas doing it at once is harmless.
 */
export const maintenancePlugin = fp(
  async (app) => {
    const run = async () => {
      try {
        const sessions = await pruneExpiredSessions(app.db)
        const attachments = await pruneOrphanAttachments(app.db)
        const counters = await pruneRateLimitCounters(app.db)
        if (sessions + attachments + counters > 0)
          app.log.info(
            { sessions, attachments, counters },
            'pruned expired sessions, unused uploads and old rate-limit counts',
          )
      } catch (error) {
        app.log.warn({ err: error }, 'housekeeping failed; it will run again')
      }
    }
    const timer = setInterval(run, EVERY_MS)
    timer.unref()
    app.addHook('onReady', run)
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'maintenance', dependencies: ['db'] },
)
