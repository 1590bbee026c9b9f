import fp from 'fastify-plugin'
import { pruneUsedLinks } from '../auth/one-time-link'
import { pruneExpiredSessions } from '../auth/session-store'
import { pruneOrphanAttachments } from '../services/attachments'
import { prunePendingSubscribers } from '../services/newsletter'
import { pruneRateLimitCounters } from './rate-limit'

const EVERY_MS = 30 * 60 * 1000

/**
 * Housekeeping at start-up and every half hour: expired sessions, uploads no study ever claimed
 * (after a day's grace), old rate-limit counts, used sign-in links, and newsletter addresses that
 * were never confirmed (after 30 days). Both are idempotent, so replicas doing it at once is harmless.
 */
export const maintenancePlugin = fp(
  async (app) => {
    const run = async () => {
      try {
        const sessions = await pruneExpiredSessions(app.db)
        const attachments = await pruneOrphanAttachments(app.db)
        const counters = await pruneRateLimitCounters(app.db)
        const links = await pruneUsedLinks(app.db)
        const unconfirmed = await prunePendingSubscribers(app.db)
        if (sessions + attachments + counters + links + unconfirmed > 0)
          app.log.info(
            { sessions, attachments, counters, links, unconfirmed },
            'pruned expired sessions, unused uploads, old rate-limit counts, expired sign-in links and unconfirmed subscriptions',
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
