import type { FastifyPluginAsync } from 'fastify'
import type { Permission } from '../../../shared/permissions'
import { requirePermission } from '../../auth/access'
import { ForbiddenError, UnauthorizedError } from '../../errors'
import { sameSiteOnly } from '../../plugins/same-origin'
import { adminAccountRoutes } from './account'
import { adminActivityRoutes } from './activity'
import { adminContactSubmissionRoutes } from './contact-submissions'
import { adminFaqRoutes } from './faq'
import { adminNewsRoutes } from './news'
import { adminNewsDeliveryRoutes } from './news-delivery'
import { adminPageRoutes } from './pages'
import { adminRegistryRoutes } from './registry'
import { adminRegistryApplicationRoutes } from './registry-applications'
import { adminRegistryConcernRoutes } from './registry-concerns'
import { adminResearchStudyRoutes } from './research-studies'
import { adminResourceRoutes } from './resources'
import { adminSettingsRoutes } from './settings'
import { adminStandardRoutes } from './standards'
import { adminSubscriberRoutes } from './subscribers'
import { adminTeamRoutes } from './team'
import { adminTestimonialRoutes } from './testimonials'
import { adminUploadRoutes } from './uploads'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a member must be allowed to use the route (src/shared/permissions.ts). */
    permission?: Permission
  }
}

/** Each group of admin routes with the permission all its routes need: the REST side of the one table. */
const GROUPS: [FastifyPluginAsync, Permission][] = [
  [adminResearchStudyRoutes, 'content'],
  [adminResourceRoutes, 'content'],
  [adminUploadRoutes, 'content'],
  [adminNewsRoutes, 'content'],
  [adminNewsDeliveryRoutes, 'content'],
  [adminStandardRoutes, 'content'],
  [adminFaqRoutes, 'content'],
  [adminPageRoutes, 'content'],
  [adminContactSubmissionRoutes, 'visitors'],
  [adminTestimonialRoutes, 'visitors'],
  [adminSubscriberRoutes, 'visitors'],
  [adminActivityRoutes, 'activity'],
  [adminAccountRoutes, 'account'],
  [adminTeamRoutes, 'team'],
  [adminRegistryRoutes, 'registry'],
  [adminRegistryApplicationRoutes, 'registry'],
  [adminRegistryConcernRoutes, 'registry'],
  [adminSettingsRoutes, 'settings'],
]

/** Registers `routes` with `permission` stated on each of its routes (unless a route states its own). */
const withPermission =
  (routes: FastifyPluginAsync, permission: Permission): FastifyPluginAsync =>
  async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: route.config?.permission ?? permission }
    })
    await scope.register(routes)
  }

/**
 * The admin part of the REST contract. Every route registered in this scope needs a permission:
 * the guard runs before the body is read, with the same check tRPC's `permitted` uses, a route
 * that states none is refused, and none answers a request from another site, whatever its method
 * (docs/decisions/025-roles-and-the-team.md).
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  sameSiteOnly(app)
  app.addHook('onRequest', async (request) => {
    const { permission } = request.routeOptions.config
    if (!permission) {
      if (!request.user) throw new UnauthorizedError()
      throw new ForbiddenError('This route states no permission, so nobody may use it')
    }
    request.user = requirePermission(request.user, permission)
  })
  for (const [routes, permission] of GROUPS) await app.register(withPermission(routes, permission))
}
