import { createFileRoute } from '@tanstack/react-router'
import { ActivityScreen } from '../admin/activity'
import { pageHead } from '../lib/seo'

/** The activity screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/activity')({
  staticData: { adminTitle: 'Activity' },
  head: ({ match }) =>
    pageHead({ title: 'Activity', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: ActivityScreen,
})
