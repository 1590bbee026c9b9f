import type { FastifyPluginAsync } from 'fastify'
import { SubscriberIdSchema, SubscriberListQuerySchema, SubscriberPatchSchema } from '../../../shared/schemas/admin'
import { memberActor } from '../../auth/access'
import {
  deleteSubscriber,
  exportActiveSubscribersCsv,
  listSubscribers,
  setSubscriberActive,
} from '../../services/subscribers'
import { linkNextPage } from './paging'

/** The newsletter's subscribers (README, API). */
export const adminSubscriberRoutes: FastifyPluginAsync = async (app) => {
  // A page (100 by default) as a plain array; a Link header names the next one while more may follow.
  app.get('/api/admin/subscribers', async (request, reply) => {
    const query = SubscriberListQuerySchema.parse(request.query ?? {})
    return linkNextPage(request, reply, await listSubscribers(app.db, query), query.limit)
  })

  app.get('/api/admin/subscribers.csv', async (_request, reply) => {
    const csv = await exportActiveSubscribersCsv(app.db, app.env.PUBLIC_URL, app.sessionSecret)
    const day = new Date().toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
      .header('cache-control', 'no-store, private')
      .send(csv)
  })

  app.patch<{ Params: { id: string } }>('/api/admin/subscribers/:id', async (request) => {
    const id = SubscriberIdSchema.parse(request.params.id)
    const { isActive } = SubscriberPatchSchema.parse(request.body ?? {})
    return setSubscriberActive(app.db, memberActor(request.user), id, isActive)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/subscribers/:id', async (request) => {
    const id = SubscriberIdSchema.parse(request.params.id)
    return deleteSubscriber(app.db, memberActor(request.user), id)
  })
}
