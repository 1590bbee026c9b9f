import { createFileRoute } from '@tanstack/react-router'
import { deferredPart } from '../lib/deferred-part'
import { contentPage, usePageContent } from '../lib/page-content'
import { ContactPageBody } from '../pages/contact'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md);
// its details are the council's settings, and the form is the specification's.
export const Route = createFileRoute('/contact')({
  ...contentPage('contact', { title: 'Contact Us', path: '/contact' }),
  // ?sent=1: where a message posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
  // The server reads the address's parameters as text, the router as JSON: 1 either way.
  validateSearch: (search: Record<string, unknown>): { sent?: 1 } => (String(search.sent) === '1' ? { sent: 1 } : {}),
  component: ContactPage,
})

// The form's code comes when the visitor approaches it (docs/decisions/059-forms-hydrate-on-approach.md).
const ContactFormPart = deferredPart('contact', () =>
  import('../components/contact-form').then((module) => module.ContactForm),
)

function ContactPage() {
  const page = usePageContent('contact')
  return page ? <ContactPageBody page={page} form={<ContactFormPart />} /> : null
}
