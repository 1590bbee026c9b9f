import { createFileRoute } from '@tanstack/react-router'
import { SettingsScreen } from '../admin/settings/screen'
import { adminRoute } from '../admin/ui/route'

/** The council's identity, owners only; the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/settings')({
  ...adminRoute('Council settings'),
  component: SettingsScreen,
})
