import { TestimonialListQuerySchema } from '../../../shared/schemas/admin'
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
import { recordProcedures } from '../records'

/** Pending first, searched by name, location or words, a page at a time; and the moderator's changes. */
const { adminList: all, ...changes } = recordProcedures(
  'visitors',
  {
    list: { query: TestimonialListQuerySchema, run: listAllTestimonials },
    create: { body: AdminTestimonialInputSchema, run: createTestimonial },
    update: { body: TestimonialPatchSchema, run: updateTestimonial },
    remove: deleteTestimonial,
  },
  'patch',
)

export const testimonialsRouter = router({
  /** Approved only: what visitors see. */
  list: publicProcedure.query(({ ctx }) => listApprovedTestimonials(ctx.db)),

  submit: publicProcedure
    .meta({ budget: 'testimonial' })
    .input(TestimonialSubmissionSchema)
    .mutation(({ ctx, input }) => submitTestimonial(ctx.db, input)),

  all,
  countPending: permitted('visitors').query(({ ctx }) => countPendingTestimonials(ctx.db)),
  ...changes,
})
