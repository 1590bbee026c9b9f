import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify'
import fp from 'fastify-plugin'
import { createContext } from '../trpc/context'
import { type AppRouter, appRouter } from '../trpc/router'

export const trpcPlugin = fp(
  async (app) => {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext,
        onError({ error, path }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed')
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    })
  },
  { name: 'trpc', dependencies: ['db', 'content-events', 'session'] },
)
