import { createFileRoute } from '@tanstack/react-router'
import { StandardsScreen } from '../admin/standards/screen'
import { adminRoute } from '../admin/ui/route'

/** The standards' versions (docs/decisions/028-standards-as-versioned-documents.md); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/standards')({ ...adminRoute('Standards'), component: StandardsScreen })
