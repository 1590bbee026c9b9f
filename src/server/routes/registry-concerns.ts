import type { FastifyPluginAsync } from 'fastify'

/** The registry's public concerns routes (docs/api.md, Registry). */
export const registryConcernRoutes: FastifyPluginAsync = async () => {}
