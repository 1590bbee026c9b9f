import type { FastifyPluginAsync } from 'fastify'
import { listResearchStudies } from '../services/research-studies'
import { listResources } from '../services/resources'
import { listApprovedTestimonials } from '../services/testimonials'

/** The documented read-only /api contract (docs/product.md#the-api-contract). */
export const publicDataRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/testimonials', { config: { publicAnswer: true } }, async () => listApprovedTestimonials(app.db))
  app.get('/api/resources', { config: { publicAnswer: true } }, async () => listResources(app.db))
  app.get('/api/research-studies', { config: { publicAnswer: true } }, async () => listResearchStudies(app.db))
}
