import { createFileRoute } from '@tanstack/react-router'
import { TestimonialsScreen } from '../admin/testimonials/screen'
import { adminRoute } from '../admin/ui/route'

/** The testimonials screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/testimonials')({
  ...adminRoute('Testimonials'),
  component: TestimonialsScreen,
})
