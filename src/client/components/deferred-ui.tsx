/**
 * The parts that no page shows on its first render, in a chunk of their own: the About dropdown
 * and the mobile navigation drawer (each replaces its native disclosure once here), the toast stack
 * and the toast itself (lib/show-toast.ts), and the research library's Cite popover (with Mantine's
 * Popover, floating-ui, the modal and scroll-lock code they bring). Loaded after the page's load
 * event, or at once on a visitor's first move towards them; see lib/deferred-ui.ts.
 */
export { CopyButton, Popover } from '@mantine/core'
export { Notifications, notifications } from '@mantine/notifications'
export { toast } from '../lib/toast'
export { AboutMenu, MenuDrawer } from './header-menus'
