import type { FastifyPluginAsync } from 'fastify'
import { resourceRecords } from '../../services/resources'
import { recordRoutes } from './records'

/** Writes of the educational resources (README, API); the list is public (routes/public-data.ts). */
export const adminResourceRoutes: FastifyPluginAsync = async (app) => {
  // The admin's list (search and pages); the public list stays GET /api/resources.
  recordRoutes(app, { base: '/api/admin/resources', ...resourceRecords })
}
