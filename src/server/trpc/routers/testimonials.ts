import { listApprovedTestimonials } from '../../services/testimonials'
import { publicProcedure, router } from '../init'

export const testimonialsRouter = router({
  list: publicProcedure.query(({ ctx }) => listApprovedTestimonials(ctx.db)),
})
