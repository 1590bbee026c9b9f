import { z } from 'zod'
import { HONEYPOT_MAX, TESTIMONIAL_CONSENT_STATEMENT, TESTIMONIAL_RULES } from '../form-rules'
import { storableText } from './text'

/** The statement the author agrees to, on the visitor's form and the admin's alike. */
export { TESTIMONIAL_CONSENT_STATEMENT }

const rules = TESTIMONIAL_RULES

const name = storableText(
  z
    .string({ error: rules.name.required })
    .trim()
    .min(rules.name.min.length, rules.name.min.message)
    .max(rules.name.max.length, rules.name.max.message),
  rules.name.storableLabel,
)
const location = storableText(
  z.string().trim().max(rules.location.max.length, rules.location.max.message),
  rules.location.storableLabel,
)
  .nullish()
  .transform((value) => (value ? value : null))
const testimonial = storableText(
  z
    .string({ error: rules.testimonial.required })
    .trim()
    .min(rules.testimonial.min.length, rules.testimonial.min.message)
    .max(rules.testimonial.max.length, rules.testimonial.max.message),
  rules.testimonial.storableLabel,
)
const consent = z.literal(true, { error: rules.consent.required })

/** The public "Share your experience" form. */
export const TestimonialSubmissionSchema = z.object({
  name,
  location,
  testimonial,
  consent,
  /** Honeypot: hidden from people; a filled value marks a bot. */
  website: z.string().max(HONEYPOT_MAX).optional(),
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
