import type { FastifyPluginAsync } from 'fastify'
import { researchStudyRecords } from '../../services/research-studies'
import { recordRoutes } from './records'

/** Writes of the documented /api/research-studies contract (docs/product.md#the-api-contract). */
export const adminResearchStudyRoutes: FastifyPluginAsync = async (app) => {
  // The admin's list (search and pages); the public list stays GET /api/research-studies.
  recordRoutes(app, { base: '/api/admin/research-studies', writes: '/api/research-studies', ...researchStudyRecords })
}
