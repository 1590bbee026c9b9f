import { createFileRoute } from '@tanstack/react-router'
import { TestimonialsScreen } from '../admin/testimonials'
import { pageHead } from '../lib/seo'

/** The testimonials screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/testimonials')({
  staticData: { adminTitle: 'Testimonials' },
  head: ({ match }) =>
    pageHead({ title: 'Testimonials', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: TestimonialsScreen,
})
