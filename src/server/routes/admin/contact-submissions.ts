import type { FastifyPluginAsync } from 'fastify'
import { MessageListQuerySchema, MessagePatchSchema } from '../../../shared/schemas/admin'
import { deleteMessage, listMessages, setMessageStatus } from '../../services/messages'
import { recordRoutes } from './records'

/** The council's inbox of contact messages (README, API). */
export const adminContactSubmissionRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    list: { path: '/api/admin/contact-submissions', query: MessageListQuerySchema, run: listMessages },
    update: {
      path: '/api/admin/contact-submissions/:id',
      body: MessagePatchSchema,
      run: (db, actor, id, { status }) => setMessageStatus(db, actor, id, status),
    },
    remove: { path: '/api/admin/contact-submissions/:id', run: deleteMessage },
  })
}
