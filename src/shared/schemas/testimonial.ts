import { z } from 'zod'
import { TEXT_LIMITS } from '../constants'
import { storableText } from './text'

/** The statement the author agrees to, on the visitor's form and the admin's alike. */
export const TESTIMONIAL_CONSENT_STATEMENT =
  'I agree that the council may publish my name, location and words on its website.'

const name = storableText(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(TEXT_LIMITS.name, `Name must be at most ${TEXT_LIMITS.name} characters`),
  'Name',
)
const location = storableText(
  z.string().trim().max(TEXT_LIMITS.location, `Location must be at most ${TEXT_LIMITS.location} characters`),
  'Location',
)
  .nullish()
  .transform((value) => (value ? value : null))
const testimonial = storableText(
  z
    .string({ error: 'Your experience is required' })
    .trim()
    .min(20, 'Please write at least 20 characters')
    .max(TEXT_LIMITS.testimonial, `Please keep it under ${TEXT_LIMITS.testimonial} characters`),
  'Testimonial',
)
const consent = z.literal(true, { error: 'Consent to publish is required' })

/** The public "Share your experience" form. */
export const TestimonialSubmissionSchema = z.object({
  name,
  location,
  testimonial,
  consent,
  /** Honeypot: hidden from people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
})

/** A testimonial the council received by other means, entered by an admin with the author's consent. */
export const AdminTestimonialInputSchema = z.object({
  name,
  location,
  testimonial,
  consent,
  isApproved: z.boolean().default(false),
})

/** An admin's edit: any of the fields, and approval. */
export const TestimonialPatchSchema = z
  .object({ name, location, testimonial, isApproved: z.boolean() })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change')
export type TestimonialPatch = z.output<typeof TestimonialPatchSchema>
