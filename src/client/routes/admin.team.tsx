import { createFileRoute } from '@tanstack/react-router'
import { TeamScreen } from '../admin/team/screen'
import { adminRoute } from '../admin/ui/route'

/** The team screen (owners: docs/decisions/025-roles-and-the-team.md); the admin layout checks sign-in and role. */
export const Route = createFileRoute('/admin/team')({ ...adminRoute('Team'), component: TeamScreen })
