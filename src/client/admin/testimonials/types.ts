import type { RouterOutputs } from '../../lib/trpc'

/**
 * The testimonials screen's shared types, in a module of their own that imports none of the folder's files: each file
 * takes its types from here, so no two files of the folder import each other, not even for a type
 * (tests/unit/boundaries.test.ts).
 */

export type Testimonial = RouterOutputs['testimonials']['all']['items'][number]

export type TestimonialValues = { name: string; location: string; testimonial: string }
