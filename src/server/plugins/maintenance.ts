import fp from 'fastify-plugin'
import { pruneUsedLinks } from '../auth/one-time-link'
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
        const links = await pruneUsedLinks(app.db)
        if (sessions + attachments + counters + links > 0)
          app.log.info(
            { sessions, attachments, counters, links },
            'pruned expired sessions, unused uploads, old rate-limit counts and expired sign-in links',
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
