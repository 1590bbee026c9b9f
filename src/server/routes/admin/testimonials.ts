import type { FastifyPluginAsync } from 'fastify'
import { testimonialRecords } from '../../services/testimonials'
import { recordRoutes } from './records'

/** Moderation of testimonials (README, API); the public submission is in routes/forms.ts. */
export const adminTestimonialRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, { base: '/api/admin/testimonials', ...testimonialRecords })
}
