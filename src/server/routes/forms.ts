import type { FastifyPluginAsync } from 'fastify'
import { CONTACT_SUCCESS, TESTIMONIAL_SUCCESS } from '../../shared/form-texts'
import { ContactInputSchema } from '../../shared/schemas/contact'
import { NewsletterInputSchema } from '../../shared/schemas/newsletter'
import { TestimonialSubmissionSchema } from '../../shared/schemas/testimonial'
import { createContactSubmission } from '../services/contact'
import { subscribeToNewsletter } from '../services/newsletter'
import { submitTestimonial } from '../services/testimonials'

/** The public forms of the documented contract (docs/product.md#the-api-contract). */
export const formRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/contact', { config: { budget: 'contact' } }, async (request, reply) => {
    const input = ContactInputSchema.parse(request.body ?? {})
    const result = await createContactSubmission(app.db, input, { notify: app.mail.enabled })
    return reply.code(201).send({ ...result, message: CONTACT_SUCCESS.message })
  })

  app.post('/api/newsletter/subscribe', { config: { budget: 'newsletter' } }, async (request, reply) => {
    const input = NewsletterInputSchema.parse(request.body ?? {})
    const result = await subscribeToNewsletter(app.db, input.email, { confirm: app.mail.enabled })
    return reply.code(201).send({
      ...result,
      message: result.confirmationSent
        ? 'Thank you for subscribing to our newsletter. Check your inbox for a link to confirm the address.'
        : 'Thank you for subscribing to our newsletter.',
    })
  })

  app.post('/api/testimonials', { config: { budget: 'testimonial' } }, async (request, reply) => {
    const input = TestimonialSubmissionSchema.parse(request.body ?? {})
    const result = await submitTestimonial(app.db, input)
    return reply.code(201).send({ ...result, message: TESTIMONIAL_SUCCESS.message })
  })
}
