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
    list: { path: '/api/admin/research-studies', query: StudyListQuerySchema, run: listStudiesForAdmin },
    create: { path: '/api/research-studies', body: ResearchStudyInputSchema, run: createResearchStudy },
    update: { path: '/api/research-studies/:id', body: ResearchStudyInputSchema, run: updateResearchStudy },
    remove: { path: '/api/research-studies/:id', run: deleteResearchStudy },
  })
}
