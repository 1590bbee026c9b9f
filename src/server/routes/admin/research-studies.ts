import type { FastifyPluginAsync } from 'fastify'
import { StudyListQuerySchema } from '../../../shared/schemas/admin'
import { ResearchStudyInputSchema } from '../../../shared/schemas/research-study'
import {
  createResearchStudy,
  deleteResearchStudy,
  listStudiesForAdmin,
  updateResearchStudy,
} from '../../services/research-studies'
import { recordRoutes } from './records'

/** Writes of the documented /api/research-studies contract (docs/product.md#the-api-contract). */
export const adminResearchStudyRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    // The admin's list (search and pages); the public list stays GET /api/research-studies.
    base: '/api/admin/research-studies',
    writes: '/api/research-studies',
    list: { query: StudyListQuerySchema, run: listStudiesForAdmin },
    create: { body: ResearchStudyInputSchema, run: createResearchStudy },
    update: { body: ResearchStudyInputSchema, run: updateResearchStudy },
    remove: deleteResearchStudy,
  })
}
