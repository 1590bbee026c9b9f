/**
 * The parts that no page shows on its first render, in a chunk of their own: the About dropdown
 * and the mobile navigation drawer (each replaces its native disclosure once here), the toast stack
 * and the toast itself (lib/show-toast.ts), and the research library's Cite popover (with Mantine's
 * Popover, floating-ui, the modal and scroll-lock code they bring). Loaded when the visitor
 * approaches the header, a form or a Cite button (lib/intent.ts), or a toast is asked for; the admin
 * loads it at once. See lib/deferred-ui.ts and docs/decisions/033-deferred-code-on-approach.md.
 */
export { CopyButton, Popover } from '@mantine/core'
export { Notifications, notifications } from '@mantine/notifications'
export { toast } from '../lib/toast'
export { AboutMenu, MenuDrawer } from './header-menus'
