import { PageKeyInputSchema } from '../../../shared/schemas/pages'
import { publicFaq } from '../../services/faq'
import { publicPage } from '../../services/pages'
import { publicProcedure, router } from '../init'

export const siteRouter = router({
  /** The council's identity as configured, so pages never hard-code it. */
  info: publicProcedure.query(({ ctx }) => ctx.site),
  /** The FAQ as published (or the starting text), for /faq (docs/decisions/054-faq-as-content.md). */
  faq: publicProcedure.query(({ ctx }) => publicFaq(ctx.db)),
  /** A page's words as published (or its starting text) (docs/decisions/055-pages-as-content.md). */
  page: publicProcedure.input(PageKeyInputSchema).query(({ ctx, input }) => publicPage(ctx.db, input.key)),
})
