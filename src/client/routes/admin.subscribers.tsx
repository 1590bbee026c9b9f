import { createFileRoute } from '@tanstack/react-router'
import { SubscribersScreen } from '../admin/subscribers'
import { pageHead } from '../lib/seo'

/** The subscribers screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/subscribers')({
  staticData: { adminTitle: 'Subscribers' },
  head: ({ match }) =>
    pageHead({ title: 'Subscribers', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: SubscribersScreen,
})
