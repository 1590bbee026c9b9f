import { createFileRoute } from '@tanstack/react-router'
import { CommentsScreen } from '../admin/comments/screen'
import { adminRoute } from '../admin/ui/route'

/** The public comments on the standards' versions; the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/comments')({ ...adminRoute('Public comments'), component: CommentsScreen })
