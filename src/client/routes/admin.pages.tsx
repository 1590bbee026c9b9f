import { createFileRoute } from '@tanstack/react-router'
import { PagesScreen } from '../admin/pages/screen'
import { readPagesSearch } from '../admin/pages/view-search'
import { adminRoute } from '../admin/ui/route'

/** The pages screen (docs/product.md, The admin); the admin layout checks sign-in. `?page=` opens a page's editor. */
export const Route = createFileRoute('/admin/pages')({
  ...adminRoute('Pages'),
  validateSearch: readPagesSearch,
  component: PagesScreen,
})
