import { UnauthorizedError } from '../../errors'
import { publicProcedure, router } from '../init'

export const authRouter = router({
  /** The signed-in user (id, email, names, isAdmin); UNAUTHORIZED (401) when nobody is. */
  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user) throw new UnauthorizedError()
    return ctx.user
  }),
})
