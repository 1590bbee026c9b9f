import type { FastifyPluginAsync } from 'fastify'
import { MessageListQuerySchema, MessagePatchSchema, RowIdParamsSchema } from '../../../shared/schemas/admin'
import { memberActor } from '../../auth/access'
import { deleteMessage, listMessages, setMessageStatus } from '../../services/messages'
import { linkNextPage } from './paging'

/** The council's inbox of contact messages (README, API). */
export const adminContactSubmissionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/contact-submissions', async (request, reply) => {
    const query = MessageListQuerySchema.parse(request.query ?? {})
    return linkNextPage(request, reply, await listMessages(app.db, query), query.limit)
  })

  app.patch<{ Params: { id: string } }>('/api/admin/contact-submissions/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    const { status } = MessagePatchSchema.parse(request.body ?? {})
    return setMessageStatus(app.db, memberActor(request.user), id, status)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/contact-submissions/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return deleteMessage(app.db, memberActor(request.user), id)
  })
}
