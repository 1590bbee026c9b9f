import type { FastifyPluginAsync } from 'fastify'
import { RowIdParamsSchema, StudyListQuerySchema } from '../../../shared/schemas/admin'
import { ResearchStudyInputSchema } from '../../../shared/schemas/research-study'
import { memberActor } from '../../auth/access'
import {
  createResearchStudy,
  deleteResearchStudy,
  listStudiesForAdmin,
  updateResearchStudy,
} from '../../services/research-studies'
import { linkNextPage } from './paging'

/** Writes of the documented /api/research-studies contract (docs/product.md#the-api-contract). */
export const adminResearchStudyRoutes: FastifyPluginAsync = async (app) => {
  // The admin's list (search and pages); the public list stays GET /api/research-studies.
  app.get('/api/admin/research-studies', async (request, reply) => {
    const query = StudyListQuerySchema.parse(request.query ?? {})
    return linkNextPage(request, reply, await listStudiesForAdmin(app.db, query), query.limit)
  })

  app.post('/api/research-studies', async (request, reply) => {
    const data = ResearchStudyInputSchema.parse(request.body ?? {})
    return reply.code(201).send(await createResearchStudy(app.db, memberActor(request.user), data))
  })

  app.patch<{ Params: { id: string } }>('/api/research-studies/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    const data = ResearchStudyInputSchema.parse(request.body ?? {})
    return updateResearchStudy(app.db, memberActor(request.user), id, data)
  })

  app.delete<{ Params: { id: string } }>('/api/research-studies/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return deleteResearchStudy(app.db, memberActor(request.user), id)
  })
}
