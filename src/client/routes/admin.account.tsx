import { createFileRoute } from '@tanstack/react-router'
import { AccountScreen } from '../admin/account/screen'
import { adminRoute } from '../admin/ui/route'

/** Each member's own sessions, every role; the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/account')({ ...adminRoute('Your sessions'), component: AccountScreen })
