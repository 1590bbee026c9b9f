import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { testimonials } from '../../db/schema'

const publicTestimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  location: testimonials.location,
  testimonial: testimonials.testimonial,
}

/** Approved testimonials only, newest first. */
export function listApprovedTestimonials(db: Db) {
  return db
    .select(publicTestimonialColumns)
    .from(testimonials)
    .where(eq(testimonials.isApproved, true))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
}
