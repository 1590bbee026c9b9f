import type { FastifyPluginAsync } from 'fastify'
import { requireAdmin } from '../../auth/access'
import { sameSiteOnly } from '../../plugins/same-origin'
import { adminActivityRoutes } from './activity'
import { adminContactSubmissionRoutes } from './contact-submissions'
import { adminResearchStudyRoutes } from './research-studies'
import { adminResourceRoutes } from './resources'
import { adminSubscriberRoutes } from './subscribers'
import { adminTestimonialRoutes } from './testimonials'
import { adminUploadRoutes } from './uploads'

/**
 * The admin part of the REST contract. Every route registered in this scope is admin-only by
 * default: the guard runs before the body is read, with the same check tRPC's adminProcedure uses,
 * and none answers a request from another site, whatever its method.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  sameSiteOnly(app)
  app.addHook('onRequest', async (request) => {
    request.user = requireAdmin(request.user)
  })
  await app.register(adminResearchStudyRoutes)
  await app.register(adminUploadRoutes)
  await app.register(adminContactSubmissionRoutes)
  await app.register(adminTestimonialRoutes)
  await app.register(adminResourceRoutes)
  await app.register(adminActivityRoutes)
  await app.register(adminSubscriberRoutes)
}
