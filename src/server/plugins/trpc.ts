import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify'
import fp from 'fastify-plugin'
import { TRPC_MAX_BATCH } from '../../shared/constants'
import { AppError } from '../errors'
import { createContext } from '../trpc/context'
import { type AppRouter, appRouter } from '../trpc/router'
import { sameSiteOnly } from './same-origin'

/**
 * The React app's API. A batch names at most TRPC_MAX_BATCH procedures, so one small request can
 * never fan out into hundreds of queries; more is a 400 before any work.
 */
export const trpcPlugin = fp(
  async (app) => {
    // Its own scope, so that only the tRPC routes are marked same-site only: the API belongs to
    // this site's pages, and an admin's answers must not be fetched from another site.
    await app.register(async (scope) => {
      sameSiteOnly(scope)
      await scope.register(fastifyTRPCPlugin, {
        prefix: '/trpc',
        trpcOptions: {
          router: appRouter,
          createContext,
          maxBatchSize: TRPC_MAX_BATCH,
          // Answers are for the app that asked, often about who asked: no cache may keep them.
          responseMeta: ({ errors }) => {
            const retryAfter = errors
              .map((error) => (error.cause instanceof AppError ? error.cause.retryAfterSeconds : undefined))
              .find((seconds) => seconds !== undefined)
            return {
              headers: {
                'cache-control': 'no-store',
                ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
              },
            }
          },
          onError({ error, path }) {
            if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed')
          },
        } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
      })
    })
  },
  { name: 'trpc', dependencies: ['db', 'content-events', 'session', 'same-origin'] },
)
