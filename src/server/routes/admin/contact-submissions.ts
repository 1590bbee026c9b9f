import type { FastifyPluginAsync } from 'fastify'
import { MessageListQuerySchema, MessagePatchSchema } from '../../../shared/schemas/admin'
import { deleteMessage, listMessages, setMessageStatus } from '../../services/messages'
import { recordRoutes } from './records'

/** The council's inbox of contact messages (README, API). */
export const adminContactSubmissionRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    base: '/api/admin/contact-submissions',
    list: { query: MessageListQuerySchema, run: listMessages },
    update: { body: MessagePatchSchema, run: (db, actor, id, { status }) => setMessageStatus(db, actor, id, status) },
    remove: deleteMessage,
  })
}
