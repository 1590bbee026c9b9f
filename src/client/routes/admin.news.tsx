import { createFileRoute } from '@tanstack/react-router'
import { NewsScreen } from '../admin/news/screen'
import { readNewsSearch } from '../admin/news/view-search'
import { adminRoute } from '../admin/ui/route'

/** The news screen (README, "The admin"); the admin layout checks sign-in. `?post=` opens a post in the editor. */
export const Route = createFileRoute('/admin/news')({
  ...adminRoute('News'),
  validateSearch: readNewsSearch,
  component: NewsScreen,
})
