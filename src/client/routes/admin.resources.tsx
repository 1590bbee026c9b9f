import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo'

/** The resources screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/resources')({
  staticData: { adminTitle: 'Resources' },
  head: ({ match }) =>
    pageHead({ title: 'Resources', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: Screen,
})

function Screen() {
  return null
}
