import { createFileRoute } from '@tanstack/react-router'
import { SubscribersScreen } from '../admin/subscribers/screen'
import { adminRoute } from '../admin/ui/route'

/** The subscribers screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/subscribers')({
  ...adminRoute('Subscribers'),
  component: SubscribersScreen,
})
