import type { FastifyPluginAsync } from 'fastify'
import { ResourceInputSchema, ResourceListQuerySchema } from '../../../shared/schemas/admin'
import { createResource, deleteResource, listResourcesForAdmin, updateResource } from '../../services/resources'
import { recordRoutes } from './records'

/** Writes of the educational resources (README, API); the list is public (routes/public-data.ts). */
export const adminResourceRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    // The admin's list (search and pages); the public list stays GET /api/resources.
    base: '/api/admin/resources',
    list: { query: ResourceListQuerySchema, run: listResourcesForAdmin },
    create: { body: ResourceInputSchema, run: createResource },
    update: { body: ResourceInputSchema, run: updateResource },
    remove: deleteResource,
  })
}
