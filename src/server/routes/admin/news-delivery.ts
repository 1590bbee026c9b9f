import type { FastifyPluginAsync } from 'fastify'
import { TestSendInputSchema } from '../../../shared/schemas/news-delivery'
import { RowIdParamsSchema } from '../../../shared/schemas/row-id'
import { memberActor } from '../../auth/access'
import { cancelDelivery, countRecipients, deliveryStatus, sendPost, testSendPost } from '../../services/news-delivery'

type WithId = { Params: { id: string } }

/**
 * Sending a news post to the subscribers (README, API; docs/decisions/027-newsletter-issues-through-the-outbox.md): a test to one address,
 * the send itself (once), its progress, and cancelling what has not gone yet. The posts themselves
 * are the news routes' (content permission, like these).
 */
export const adminNewsDeliveryRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/news/recipients', async () => countRecipients(app.db))

  app.post<WithId>('/api/admin/news/:id/test-send', async (request, reply) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    const { email } = TestSendInputSchema.parse(request.body ?? {})
    memberActor(request.user)
    return reply.code(202).send(await testSendPost(app.db, app.mail, app.site, id, email))
  })

  app.post<WithId>('/api/admin/news/:id/send', async (request, reply) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return reply.code(202).send(await sendPost(app.db, app.mail, memberActor(request.user), id, app.site.publicUrl))
  })

  app.get<WithId>('/api/admin/news/:id/delivery', async (request, reply) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return reply.header('cache-control', 'no-store, private').send(await deliveryStatus(app.db, id))
  })

  app.post<WithId>('/api/admin/news/:id/delivery/cancel', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return cancelDelivery(app.db, memberActor(request.user), id)
  })
}
