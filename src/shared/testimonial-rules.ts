import { TEXT_LIMITS } from './constants'
import { checkHoneypot, checkText, collect } from './form-rules'

/** The testimonial form's rules and check (form-rules.ts says why they live apart from zod). */

export const TESTIMONIAL_RULES = {
  name: {
    required: 'Name is required',
    min: { length: 2, message: 'Name must be at least 2 characters' },
    max: { length: TEXT_LIMITS.name, message: `Name must be at most ${TEXT_LIMITS.name} characters` },
    storableLabel: 'Name',
  },
  location: {
    max: { length: TEXT_LIMITS.location, message: `Location must be at most ${TEXT_LIMITS.location} characters` },
    storableLabel: 'Location',
  },
  testimonial: {
    required: 'Your experience is required',
    min: { length: 20, message: 'Please write at least 20 characters' },
    max: { length: TEXT_LIMITS.testimonial, message: `Please keep it under ${TEXT_LIMITS.testimonial} characters` },
    storableLabel: 'Testimonial',
  },
  consent: { required: 'Consent to publish is required' },
} as const

/** The statement the author agrees to, on the visitor's form and the admin's alike. */
export const TESTIMONIAL_CONSENT_STATEMENT =
  'I agree that the council may publish my name, location and words on its website.'

export type TestimonialFormValues = {
  name: string
  location: string
  testimonial: string
  consent: boolean
  website?: string
}

/** The testimonial form's check in the browser: what TestimonialSubmissionSchema would say, field by field. */
export function checkTestimonial(values: TestimonialFormValues): Record<string, string> {
  return collect({
    name: checkText(values.name, TESTIMONIAL_RULES.name),
    location: checkText(values.location, TESTIMONIAL_RULES.location),
    testimonial: checkText(values.testimonial, TESTIMONIAL_RULES.testimonial),
    consent: values.consent === true ? null : TESTIMONIAL_RULES.consent.required,
    website: checkHoneypot(values.website),
  })
}

/** What TestimonialSubmissionSchema.parse makes of values that pass: trimmed, no location as null. */
export function testimonialSubmission(values: TestimonialFormValues) {
  const location = values.location.trim()
  return {
    name: values.name.trim(),
    location: location ? location : null,
    testimonial: values.testimonial.trim(),
    consent: true as const,
    ...(values.website === undefined ? {} : { website: values.website }),
  }
}
