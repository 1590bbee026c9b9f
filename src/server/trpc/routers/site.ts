import { publicProcedure, router } from '../init'

export const siteRouter = router({
  /** The council's identity as configured, so pages never hard-code it. */
  info: publicProcedure.query(({ ctx }) => ctx.site),
})
