import type { FastifyPluginAsync } from 'fastify'
import { ContactInputSchema } from '../../shared/schemas/contact'
import { NewsletterInputSchema } from '../../shared/schemas/newsletter'
import { createContactSubmission } from '../services/contact'
import { subscribeToNewsletter } from '../services/newsletter'
import { RateLimitedError } from '../services/rate-limit'

/** POST /api/contact and POST /api/newsletter/subscribe (SPEC.md section 7). */
export const formRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/contact', async (request, reply) => {
    const input = ContactInputSchema.parse(request.body ?? {})
    if (!app.limits.contact.attempt(request.ip)) throw new RateLimitedError()
    const result = await createContactSubmission(app.db, input)
    return reply
      .code(201)
      .send({ ...result, message: "Thank you for contacting us. We'll respond to your inquiry as soon as possible." })
  })

  app.post('/api/newsletter/subscribe', async (request, reply) => {
    const input = NewsletterInputSchema.parse(request.body ?? {})
    if (!app.limits.newsletter.attempt(request.ip)) throw new RateLimitedError()
    const result = await subscribeToNewsletter(app.db, input.email)
    return reply.code(201).send({ ...result, message: 'Thank you for subscribing to our newsletter.' })
  })
}
