import type { FastifyPluginAsync } from 'fastify'
import { publicFaq } from '../services/faq'
import { listResearchStudies } from '../services/research-studies'
import { listResources } from '../services/resources'
import { listApprovedTestimonials } from '../services/testimonials'

/** The documented read-only /api contract (docs/product.md#the-api-contract). */
export const publicDataRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/testimonials', { config: { publicAnswer: true } }, async () => listApprovedTestimonials(app.db))
  app.get('/api/resources', { config: { publicAnswer: true } }, async () => listResources(app.db))
  app.get('/api/research-studies', { config: { publicAnswer: true } }, async () => listResearchStudies(app.db))
  // The FAQ as published, or the starting text (docs/decisions/054-faq-as-content.md).
  app.get('/api/faq', { config: { publicAnswer: true } }, async () => publicFaq(app.db))
}
