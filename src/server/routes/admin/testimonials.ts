import type { FastifyPluginAsync } from 'fastify'
import { TestimonialListQuerySchema } from '../../../shared/schemas/admin'
import { AdminTestimonialInputSchema, TestimonialPatchSchema } from '../../../shared/schemas/testimonial'
import {
  createTestimonial,
  deleteTestimonial,
  listAllTestimonials,
  updateTestimonial,
} from '../../services/testimonials'
import { recordRoutes } from './records'

/** Moderation of testimonials (README, API); the public submission is in routes/forms.ts. */
export const adminTestimonialRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    list: { path: '/api/admin/testimonials', query: TestimonialListQuerySchema, run: listAllTestimonials },
    create: { path: '/api/admin/testimonials', body: AdminTestimonialInputSchema, run: createTestimonial },
    update: { path: '/api/admin/testimonials/:id', body: TestimonialPatchSchema, run: updateTestimonial },
    remove: { path: '/api/admin/testimonials/:id', run: deleteTestimonial },
  })
}
