import { z } from 'zod'
import { RowIdSchema, TestimonialListQuerySchema } from '../../../shared/schemas/admin'
import {
  AdminTestimonialInputSchema,
  TestimonialPatchSchema,
  TestimonialSubmissionSchema,
} from '../../../shared/schemas/testimonial'
import {
  countPendingTestimonials,
  createTestimonial,
  deleteTestimonial,
  listAllTestimonials,
  listApprovedTestimonials,
  submitTestimonial,
  updateTestimonial,
} from '../../services/testimonials'
import { permitted, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const testimonialsRouter = router({
  /** Approved only: what visitors see. */
  list: publicProcedure.query(({ ctx }) => listApprovedTestimonials(ctx.db)),

  submit: publicProcedure
    .meta({ budget: 'testimonial' })
    .input(TestimonialSubmissionSchema)
    .mutation(({ ctx, input }) => submitTestimonial(ctx.db, input)),

  /** Pending first, searched by name, location or words, a page at a time. */
  all: listProcedure('visitors', TestimonialListQuerySchema, listAllTestimonials),

  countPending: permitted('visitors').query(({ ctx }) => countPendingTestimonials(ctx.db)),

  create: permitted('visitors')
    .input(AdminTestimonialInputSchema)
    .mutation(({ ctx, input }) => createTestimonial(ctx.db, ctx.user, input)),

  update: permitted('visitors')
    .input(z.object({ id: RowIdSchema, patch: TestimonialPatchSchema }))
    .mutation(({ ctx, input }) => updateTestimonial(ctx.db, ctx.user, input.id, input.patch)),

  remove: permitted('visitors')
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteTestimonial(ctx.db, ctx.user, input.id)),
})
