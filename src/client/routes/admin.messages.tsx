import { createFileRoute } from '@tanstack/react-router'
import { MessagesScreen } from '../admin/messages/screen'
import { adminRoute } from '../admin/ui/route'

/** The messages screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/messages')({ ...adminRoute('Messages'), component: MessagesScreen })
