import type { FastifyPluginAsync } from 'fastify'

/** The council's applications routes under /api/admin/registry (permission `registry`). */
export const adminRegistryApplicationRoutes: FastifyPluginAsync = async () => {}
