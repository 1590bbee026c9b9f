import { createFileRoute } from '@tanstack/react-router'
import { RegistryScreen } from '../admin/registry/screen'
import { readRegistrySearch } from '../admin/registry/view-search'
import { adminRoute } from '../admin/ui/route'

/**
 * The registry screen (docs/registry.md): listings, applications and concerns, the view and the open
 * record kept in the address. The layout checks sign-in, the screen gate the permission.
 */
export const Route = createFileRoute('/admin/registry')({
  ...adminRoute('Registry'),
  validateSearch: readRegistrySearch,
  component: RegistryScreen,
})
