import { createFileRoute } from '@tanstack/react-router'
import { RegistryScreen } from '../admin/registry/screen'
import { adminRoute } from '../admin/ui/route'

/** The registry screen (docs/registry.md); the admin layout checks sign-in, the screen gate the permission. */
export const Route = createFileRoute('/admin/registry')({ ...adminRoute('Registry'), component: RegistryScreen })
