import { createFileRoute } from '@tanstack/react-router'
import { MessagesScreen } from '../admin/messages'
import { pageHead } from '../lib/seo'

/** The messages screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/messages')({
  staticData: { adminTitle: 'Messages' },
  head: ({ match }) =>
    pageHead({ title: 'Messages', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: MessagesScreen,
})
