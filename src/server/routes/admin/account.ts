import type { FastifyPluginAsync } from 'fastify'
import { MemberIdParamsSchema } from '../../../shared/schemas/team'
import { requirePermission } from '../../auth/access'
import { endOwnSession, listOwnSessions } from '../../services/team'

/** A member's own signed-in sessions (README, API): every role, by the 'account' permission. */
export const adminAccountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/sessions', async (request) =>
    listOwnSessions(app.db, requirePermission(request.user, 'account').id, request.session.sessionId),
  )

  app.delete<{ Params: { id: string } }>('/api/admin/sessions/:id', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params)
    return endOwnSession(app.db, requirePermission(request.user, 'account').id, id)
  })
}
