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
import { change, permitted, publicProcedure, router } from '../init'
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

  create: change('visitors', AdminTestimonialInputSchema, createTestimonial),
  update: change('visitors', z.object({ id: RowIdSchema, patch: TestimonialPatchSchema }), (db, actor, input) =>
    updateTestimonial(db, actor, input.id, input.patch),
  ),
  remove: change('visitors', z.object({ id: RowIdSchema }), (db, actor, { id }) => deleteTestimonial(db, actor, id)),
})
