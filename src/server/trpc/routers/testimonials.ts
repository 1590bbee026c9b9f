import { TestimonialSubmissionSchema } from '../../../shared/schemas/testimonial'
import {
  countPendingTestimonials,
  listApprovedTestimonials,
  submitTestimonial,
  testimonialRecords,
} from '../../services/testimonials'
import { permitted, publicProcedure, router } from '../init'
import { recordProcedures } from '../records'

/** Pending first, searched by name, location or words, a page at a time; and the moderator's changes. */
const { adminList: all, ...changes } = recordProcedures('visitors', testimonialRecords, 'patch')

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
