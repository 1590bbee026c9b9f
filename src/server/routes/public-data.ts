import type { FastifyPluginAsync } from 'fastify'
import { publicFaq } from '../services/faq'
import { pageKey, publicPage } from '../services/pages'
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
  // A page's words as published, or its starting text (docs/decisions/055-pages-as-content.md).
  app.get<{ Params: { key: string } }>('/api/pages/:key', { config: { publicAnswer: true } }, async (request) =>
    publicPage(app.db, pageKey(request.params.key)),
  )
}
