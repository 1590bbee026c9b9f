import { deferredPart } from '../lib/deferred-part'

/**
 * The newsletter form of the home page and the news pages, whose code comes when the visitor
 * approaches it (docs/decisions/059-forms-hydrate-on-approach.md).
 */
export const NewsletterFormPart = deferredPart('newsletter', () =>
  import('./newsletter-form').then((module) => module.NewsletterForm),
)
