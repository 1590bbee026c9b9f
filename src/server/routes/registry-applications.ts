import type { FastifyPluginAsync } from 'fastify'

/** The registry's public applications routes (docs/api.md, Registry). */
export const registryApplicationRoutes: FastifyPluginAsync = async () => {}
