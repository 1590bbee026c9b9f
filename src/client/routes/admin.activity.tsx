import { createFileRoute } from '@tanstack/react-router'
import { ActivityScreen } from '../admin/activity/screen'
import { adminRoute } from '../admin/ui/route'

/** The activity screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/activity')({ ...adminRoute('Activity'), component: ActivityScreen })
