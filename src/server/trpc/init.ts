import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { ZodError } from 'zod'
import { zodFieldErrors } from '../plugins/error-handler'
import type { Context } from './context'

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    // A 5xx never leaves the server with its internals (DESIGN.md 7).
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: 'Internal Server Error', data: { ...shape.data, stack: undefined } }
    }
    if (error.cause instanceof ZodError) {
      // The same readable shape as the REST 400s: the first message, and each field's message.
      const fields = zodFieldErrors(error.cause)
      return {
        ...shape,
        message: Object.values(fields)[0] ?? 'Invalid input',
        data: { ...shape.data, stack: undefined, fields },
      }
    }
    return { ...shape, data: { ...shape.data, stack: undefined } }
  },
})

export const router = t.router
export const publicProcedure = t.procedure
export const createCallerFactory = t.createCallerFactory

/** Signed in and on the ADMIN_EMAILS allowlist; `ctx.user` is non-null inside. */
export const adminProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Forbidden' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})
