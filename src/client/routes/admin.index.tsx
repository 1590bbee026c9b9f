import { createFileRoute } from '@tanstack/react-router'
import { StudiesScreen } from '../admin/studies/screen'
import { adminRoute } from '../admin/ui/route'

/** The research studies screen (docs/product.md#pages, "Admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/')({
  ...adminRoute('Research Studies Admin', 'Manage the research studies of the library.'),
  component: StudiesScreen,
})
