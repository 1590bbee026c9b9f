import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { ZodError, type z } from 'zod'
import type { Permission } from '../../shared/permissions'
import { requirePermission, type SessionUser } from '../auth/access'
import { AppError, asAppError, ERROR_KINDS, zodFieldErrors } from '../errors'
import type { BudgetName } from '../plugins/rate-limit'
import type { Context } from './context'

type ProcedureMeta = {
  /** The rate-limit budget each call counts against (src/server/plugins/rate-limit.ts). */
  budget?: BudgetName
  /** What a member must be allowed (src/shared/permissions.ts); set by `permitted`, read by the policy tests. */
  permission?: Permission
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      // A 5xx never leaves the server with its internals.
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        return { ...shape, message: 'Internal Server Error', data: { ...shape.data, stack: undefined } }
      }
      // The same readable shape as the REST answers: the first message, and each field's message.
      const fields =
        error.cause instanceof ZodError
          ? zodFieldErrors(error.cause)
          : error.cause instanceof AppError
            ? error.cause.fields
            : undefined
      return {
        ...shape,
        message: fields ? (Object.values(fields)[0] ?? error.message) : error.message,
        data: { ...shape.data, stack: undefined, ...(fields ? { fields } : {}) },
      }
    },
  })

/** Service and policy errors take their tRPC code from the one table in src/server/errors.ts. */
const withErrorTable = t.middleware(async ({ next }) => {
  const result = await next()
  const cause = result.ok ? null : asAppError(result.error.cause)
  if (cause) throw new TRPCError({ code: ERROR_KINDS[cause.kind].trpcCode, message: cause.message, cause })
  return result
})

/**
 * A procedure's own budget, else, for a public query over HTTP, the `read` budget: a read's REST
 * twin is a kept answer served from memory, the tRPC call does its work each time, so it is bounded
 * per address like the forms are (docs/decisions/009-rate-limits.md). A member's screens and a
 * page's server render are not counted.
 */
const withBudget = t.middleware(async ({ ctx, meta, type, next }) => {
  const budget = meta?.budget ?? (type === 'query' && !meta?.permission && !ctx.inProcess ? 'read' : undefined)
  if (budget) await ctx.limits.consume(budget, ctx.request)
  return next()
})

export const router = t.router
export const publicProcedure = t.procedure.use(withErrorTable).use(withBudget)

/**
 * A procedure for members whose role allows `permission`; `ctx.user` is non-null inside. The
 * permission is stated in the procedure's meta too, so a test can read every procedure's rule
 * (docs/decisions/025-roles-and-the-team.md).
 */
export const permitted = (permission: Permission) =>
  publicProcedure
    .meta({ permission })
    .use(({ ctx, next }) => next({ ctx: { user: requirePermission(ctx.user, permission) } }))

/**
 * A change by a member with `permission`: the shared schema's input, done by the service in the
 * member's name. Most admin mutations are only this, so a router says which schema and which
 * service, and nothing else.
 */
export const change = <Schema extends z.ZodType, Result>(
  permission: Permission,
  schema: Schema,
  run: (db: Context['db'], actor: SessionUser, input: z.output<Schema>) => Promise<Result>,
) =>
  permitted(permission)
    .input(schema)
    .mutation(({ ctx, input }) => run(ctx.db, ctx.user, input as z.output<Schema>))
