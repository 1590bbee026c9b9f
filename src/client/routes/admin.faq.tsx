import { createFileRoute } from '@tanstack/react-router'
import { FaqScreen } from '../admin/faq/screen'
import { adminRoute } from '../admin/ui/route'

/** The FAQ screen (docs/product.md, The admin); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/faq')({ ...adminRoute('FAQ'), component: FaqScreen })
