import { z } from 'zod'
import { HONEYPOT_MAX, TESTIMONIAL_CONSENT_STATEMENT, TESTIMONIAL_RULES } from '../form-rules'
import { storableText } from './text'

/** The statement the author agrees to, on the visitor's form and the admin's alike. */
export { TESTIMONIAL_CONSENT_STATEMENT }

const rules = TESTIMONIAL_RULES

const requiredText = (rule: typeof rules.name | typeof rules.testimonial) =>
  storableText(
    z
      .string({ error: rule.required })
      .trim()
      .min(rule.min.length, rule.min.message)
      .max(rule.max.length, rule.max.message),
    rule.storableLabel,
  )

const name = requiredText(rules.name)
const location = storableText(
  z.string().trim().max(rules.location.max.length, rules.location.max.message),
  rules.location.storableLabel,
)
  .nullish()
  .transform((value) => (value ? value : null))
const testimonial = requiredText(rules.testimonial)
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
