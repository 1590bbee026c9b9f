import type { Permission } from '../../shared/permissions'

/**
 * The admin screens, in the order the navigation shows them: each names the one permission it needs
 * (shared/permissions.ts; the server checks the same one for the screen's procedures), and `count`
 * what waits on it.
 */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Research Studies', permission: 'content' },
  { to: '/admin/messages', label: 'Messages', permission: 'visitors', count: 'messages' },
  { to: '/admin/testimonials', label: 'Testimonials', permission: 'visitors', count: 'testimonials' },
  { to: '/admin/subscribers', label: 'Subscribers', permission: 'visitors' },
  { to: '/admin/resources', label: 'Resources', permission: 'content' },
  { to: '/admin/news', label: 'News', permission: 'content' },
  { to: '/admin/standards', label: 'Standards', permission: 'content' },
  { to: '/admin/registry', label: 'Registry', permission: 'registry' },
  { to: '/admin/comments', label: 'Public comments', permission: 'comments' },
  { to: '/admin/activity', label: 'Activity', permission: 'activity' },
  { to: '/admin/team', label: 'Team', permission: 'team' },
  { to: '/admin/settings', label: 'Council settings', permission: 'settings' },
  { to: '/admin/account', label: 'Your sessions', permission: 'account' },
] as const satisfies readonly { to: string; label: string; permission: Permission; count?: string }[]

export type AdminScreen = (typeof ADMIN_SCREENS)[number]

/** "/admin/team/" and "/admin/team" alike. */
export const screenPath = (pathname: string) => pathname.replace(/\/$/, '') || '/'

/** The screen at a path, if it is one of the admin's. */
export const screenAt = (pathname: string): AdminScreen | undefined =>
  ADMIN_SCREENS.find((screen) => screen.to === screenPath(pathname))

/** The screens a member's permissions open, in the navigation's order. */
export const screensFor = (permissions: readonly Permission[]): AdminScreen[] =>
  ADMIN_SCREENS.filter((screen) => permissions.includes(screen.permission))

/** How many wait on the screens that count them. */
export type Waiting = Record<'messages' | 'testimonials', number>

const WAITING_WORDS = {
  messages: { one: 'new message', many: 'new messages' },
  testimonials: { one: 'testimonial waiting', many: 'testimonials waiting' },
} as const

/**
 * What the phone's menu button says waits: "1 waiting" when it all waits on the screen the button
 * names ("Messages · 1 waiting"), else in words, so that "Subscribers" never seems to be what waits
 * ("2 new messages, 1 testimonial waiting").
 */
export function waitingWords(waiting: Waiting, current: keyof Waiting | null): string | null {
  const kinds = (Object.keys(WAITING_WORDS) as (keyof Waiting)[]).filter((kind) => waiting[kind] > 0)
  if (kinds.length === 0) return null
  if (kinds.length === 1 && kinds[0] === current) return `${waiting[current]} waiting`
  return kinds
    .map((kind) => `${waiting[kind]} ${waiting[kind] === 1 ? WAITING_WORDS[kind].one : WAITING_WORDS[kind].many}`)
    .join(', ')
}
