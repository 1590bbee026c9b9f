import { createFileRoute } from '@tanstack/react-router'
import { ResourcesScreen } from '../admin/resources/screen'
import { adminRoute } from '../admin/ui/route'

/** The resources screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/resources')({ ...adminRoute('Resources'), component: ResourcesScreen })
