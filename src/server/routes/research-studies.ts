import type { FastifyPluginAsync } from 'fastify'
import { ResearchStudyInputSchema, StudyIdSchema } from '../../shared/schemas/research-study'
import { requireAdmin } from '../auth/require-admin'
import {
  createResearchStudy,
  deleteResearchStudy,
  listResearchStudies,
  updateResearchStudy,
} from '../services/research-studies'

/** The documented /api/research-studies contract (SPEC.md section 7). */
export const researchStudyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/research-studies', async () => listResearchStudies(app.db))

  app.post('/api/research-studies', { preHandler: requireAdmin }, async (request, reply) => {
    const data = ResearchStudyInputSchema.parse(request.body ?? {})
    const study = await createResearchStudy(app.db, data)
    app.contentChanged()
    return reply.code(201).send(study)
  })

  app.patch<{ Params: { id: string } }>('/api/research-studies/:id', { preHandler: requireAdmin }, async (request) => {
    const id = StudyIdSchema.parse(request.params.id)
    const data = ResearchStudyInputSchema.parse(request.body ?? {})
    const study = await updateResearchStudy(app.db, id, data)
    app.contentChanged()
    return study
  })

  app.delete<{ Params: { id: string } }>('/api/research-studies/:id', { preHandler: requireAdmin }, async (request) => {
    const id = StudyIdSchema.parse(request.params.id)
    const study = await deleteResearchStudy(app.db, id)
    app.contentChanged()
    return study
  })
}
