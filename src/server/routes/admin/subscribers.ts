import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { SubscriberIdSchema, SubscriberListQuerySchema, SubscriberPatchSchema } from '../../../shared/schemas/admin'
import {
  deleteSubscriber,
  exportActiveSubscribersCsv,
  exportSuppressedSubscribersCsv,
  listSubscribers,
  setSubscriberActive,
} from '../../services/subscribers'
import { recordRoutes } from './records'

/** The newsletter's subscribers (README, API). */
export const adminSubscriberRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    base: '/api/admin/subscribers',
    id: SubscriberIdSchema,
    // A page (100 by default) as a plain array; a Link header names the next one while more may follow.
    list: { query: SubscriberListQuerySchema, run: listSubscribers },
    update: {
      body: SubscriberPatchSchema,
      run: (db, actor, id, { isActive }) => setSubscriberActive(db, actor, id, isActive),
    },
    remove: deleteSubscriber,
  })

  app.get('/api/admin/subscribers.csv', async (_request, reply) =>
    sendCsv(
      reply,
      'newsletter-subscribers',
      await exportActiveSubscribersCsv(app.db, app.env.PUBLIC_URL, app.sessionSecret),
    ),
  )

  // The addresses the mail provider's reports stopped: why, when, after which issue (docs/mail-events.md).
  app.get('/api/admin/subscribers/suppressed.csv', async (_request, reply) =>
    sendCsv(reply, 'newsletter-suppressed', await exportSuppressedSubscribersCsv(app.db)),
  )
}

/** A download named for today, never kept by a cache: it holds addresses. */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10)
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store, private')
    .send(csv)
}
