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
    base: '/api/admin/testimonials',
    list: { query: TestimonialListQuerySchema, run: listAllTestimonials },
    create: { body: AdminTestimonialInputSchema, run: createTestimonial },
    update: { body: TestimonialPatchSchema, run: updateTestimonial },
    remove: deleteTestimonial,
  })
}
