import type { FastifyPluginAsync } from 'fastify'
import { CONTACT_SUCCESS, TESTIMONIAL_SUCCESS } from '../../shared/form-texts'
import { ContactInputSchema } from '../../shared/schemas/contact'
import { NewsletterInputSchema } from '../../shared/schemas/newsletter'
import { TestimonialSubmissionSchema } from '../../shared/schemas/testimonial'
import { type HtmlForm, refererPage, withParameter } from '../plugins/form-posts'
import { createContactSubmission } from '../services/contact'
import { subscribeToNewsletter } from '../services/newsletter'
import { submitTestimonial } from '../services/testimonials'

/**
 * The pages the forms are on, for their plain HTML posts (docs/decisions/030-forms-without-javascript.md):
 * a refusal shows the page again, a success leads to it with the parameter its route keeps, scrolled
 * to the form's heading, where the notice is.
 */
const CONTACT_FORM: HtmlForm = { form: 'contact', page: () => '/contact', done: () => '/contact?sent=1#form-heading' }
const TESTIMONIAL_FORM: HtmlForm = {
  form: 'testimonial',
  page: () => '/share-your-experience',
  done: () => '/share-your-experience?sent=1#share-form-heading',
  checkboxes: ['consent'],
}
/** The newsletter form is on the page the visitor came from (the home page when the Referer does not say). */
const NEWSLETTER_FORM: HtmlForm = {
  form: 'newsletter',
  page: (request) => refererPage(request, ['subscribed']) ?? '/',
  done: (request, answer) =>
    `${withParameter(
      refererPage(request, ['subscribed']) ?? '/',
      'subscribed',
      answer.confirmationSent === true ? 'confirm' : '1',
    )}#newsletter-heading`,
}

/** The public forms of the documented contract (docs/product.md#the-api-contract). */
export const formRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/contact', { config: { budget: 'contact', htmlForm: CONTACT_FORM } }, async (request, reply) => {
    const input = ContactInputSchema.parse(request.body ?? {})
    const result = await createContactSubmission(app.db, input, { notify: app.mail.enabled })
    return reply.code(201).send({ ...result, message: CONTACT_SUCCESS.message })
  })

  app.post(
    '/api/newsletter/subscribe',
    { config: { budget: 'newsletter', htmlForm: NEWSLETTER_FORM } },
    async (request, reply) => {
      const input = NewsletterInputSchema.parse(request.body ?? {})
      const result = await subscribeToNewsletter(app.db, input.email, { confirm: app.mail.enabled })
      return reply.code(201).send({
        ...result,
        message: result.confirmationSent
          ? 'Thank you for subscribing to our newsletter. Check your inbox for a link to confirm the address.'
          : 'Thank you for subscribing to our newsletter.',
      })
    },
  )

  app.post(
    '/api/testimonials',
    { config: { budget: 'testimonial', htmlForm: TESTIMONIAL_FORM } },
    async (request, reply) => {
      const input = TestimonialSubmissionSchema.parse(request.body ?? {})
      const result = await submitTestimonial(app.db, input)
      return reply.code(201).send({ ...result, message: TESTIMONIAL_SUCCESS.message })
    },
  )
}
