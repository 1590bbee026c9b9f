import type { FastifyPluginAsync } from 'fastify'
import { ResourceInputSchema, ResourceListQuerySchema, RowIdParamsSchema } from '../../../shared/schemas/admin'
import { memberActor } from '../../auth/access'
import { createResource, deleteResource, listResourcesForAdmin, updateResource } from '../../services/resources'
import { linkNextPage } from './paging'

/** Writes of the educational resources (README, API); the list is public (routes/public-data.ts). */
export const adminResourceRoutes: FastifyPluginAsync = async (app) => {
  // The admin's list (search and pages); the public list stays GET /api/resources.
  app.get('/api/admin/resources', async (request, reply) => {
    const query = ResourceListQuerySchema.parse(request.query ?? {})
    return linkNextPage(request, reply, await listResourcesForAdmin(app.db, query), query.limit)
  })

  app.post('/api/admin/resources', async (request, reply) => {
    const data = ResourceInputSchema.parse(request.body ?? {})
    return reply.code(201).send(await createResource(app.db, memberActor(request.user), data))
  })

  app.patch<{ Params: { id: string } }>('/api/admin/resources/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    const data = ResourceInputSchema.parse(request.body ?? {})
    return updateResource(app.db, memberActor(request.user), id, data)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/resources/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return deleteResource(app.db, memberActor(request.user), id)
  })
}
