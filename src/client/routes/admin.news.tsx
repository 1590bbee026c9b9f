import { createFileRoute } from '@tanstack/react-router'
import { NewsScreen } from '../admin/news/screen'
import { adminRoute } from '../admin/ui/route'

/** The news screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/news')({ ...adminRoute('News'), component: NewsScreen })
