import type { FastifyPluginAsync } from 'fastify'

/** The council's concerns routes under /api/admin/registry (permission `registry`). */
export const adminRegistryConcernRoutes: FastifyPluginAsync = async () => {}
