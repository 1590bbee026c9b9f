import type { FastifyPluginAsync } from 'fastify'
import { ActivityQuerySchema } from '../../../shared/schemas/admin'
import { listActivity } from '../../services/audit'
import { linkNextPage } from './paging'

/** The activity log, read-only: no route changes or deletes a row (README, API). */
export const adminActivityRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/activity', async (request, reply) => {
    const query = ActivityQuerySchema.parse(request.query ?? {})
    return linkNextPage(request, reply, await listActivity(app.db, query), query.limit)
  })
}
