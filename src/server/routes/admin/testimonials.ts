import type { FastifyPluginAsync } from 'fastify'
import { RowIdParamsSchema, TestimonialListQuerySchema } from '../../../shared/schemas/admin'
import { AdminTestimonialInputSchema, TestimonialPatchSchema } from '../../../shared/schemas/testimonial'
import { memberActor } from '../../auth/access'
import {
  createTestimonial,
  deleteTestimonial,
  listAllTestimonials,
  updateTestimonial,
} from '../../services/testimonials'
import { linkNextPage } from './paging'

/** Moderation of testimonials (README, API); the public submission is in routes/forms.ts. */
export const adminTestimonialRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/testimonials', async (request, reply) => {
    const query = TestimonialListQuerySchema.parse(request.query ?? {})
    return linkNextPage(request, reply, await listAllTestimonials(app.db, query), query.limit)
  })

  app.post('/api/admin/testimonials', async (request, reply) => {
    const input = AdminTestimonialInputSchema.parse(request.body ?? {})
    return reply.code(201).send(await createTestimonial(app.db, memberActor(request.user), input))
  })

  app.patch<{ Params: { id: string } }>('/api/admin/testimonials/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    const patch = TestimonialPatchSchema.parse(request.body ?? {})
    return updateTestimonial(app.db, memberActor(request.user), id, patch)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/testimonials/:id', async (request) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    return deleteTestimonial(app.db, memberActor(request.user), id)
  })
}
