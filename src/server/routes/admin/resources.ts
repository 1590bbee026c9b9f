import type { FastifyPluginAsync } from 'fastify'
import { ResourceInputSchema, ResourceListQuerySchema } from '../../../shared/schemas/admin'
import { createResource, deleteResource, listResourcesForAdmin, updateResource } from '../../services/resources'
import { recordRoutes } from './records'

/** Writes of the educational resources (README, API); the list is public (routes/public-data.ts). */
export const adminResourceRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    // The admin's list (search and pages); the public list stays GET /api/resources.
    list: { path: '/api/admin/resources', query: ResourceListQuerySchema, run: listResourcesForAdmin },
    create: { path: '/api/admin/resources', body: ResourceInputSchema, run: createResource },
    update: { path: '/api/admin/resources/:id', body: ResourceInputSchema, run: updateResource },
    remove: { path: '/api/admin/resources/:id', run: deleteResource },
  })
}
