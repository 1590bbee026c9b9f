/**
 * The parts that no page shows on its first render, in a chunk of their own: the About dropdown
 * and the mobile navigation drawer (each replaces its native disclosure once here, with Mantine's
 * Menu and Drawer, floating-ui, the focus trap and scroll-lock code they bring), the toast stack and
 * the toast itself (lib/show-toast.ts). Loaded when the visitor approaches the header or a form
 * (lib/intent.ts), or a toast is asked for; the admin loads it at once. See lib/deferred-ui.ts and
 * docs/decisions/033-deferred-code-on-approach.md. The research library's Cite is the browser's own
 * popover now (decision 042).
 */
export { Notifications, notifications } from '@mantine/notifications'
export { toast } from '../lib/toast'
export { AboutMenu, MenuDrawer } from './header-menus'
