import { memo } from 'react'
import { deferredPart } from '../lib/deferred-part'

/**
 * The newsletter form of the home page and the news pages, whose code comes when the visitor
 * approaches it (docs/decisions/059-forms-hydrate-on-approach.md). Like every deferred part it takes
 * no props and is memoised: an update from above would reach it while it waits for its visitor, and
 * React would drop its server markup to render it afresh.
 */
export const NewsletterFormPart = memo(
  deferredPart('newsletter', () => import('./newsletter-form').then((module) => module.NewsletterForm)),
)
