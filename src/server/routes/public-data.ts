import type { FastifyPluginAsync } from 'fastify'
import { listResources } from '../services/resources'
import { listApprovedTestimonials } from '../services/testimonials'

/** The documented read-only /api contract (SPEC.md section 7). */
export const publicDataRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/testimonials', async () => listApprovedTestimonials(app.db))
  app.get('/api/resources', async () => listResources(app.db))
}
