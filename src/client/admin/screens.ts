import type { Permission } from '../../shared/permissions'

/**
 * The admin's groups, by what a member came to do: the council's content, what visitors send, the
 * registry, the council and its team. The navigation shows each group a member has a screen in.
 */
export const ADMIN_GROUPS = [
  { id: 'content', label: 'Content' },
  { id: 'visitors', label: 'Visitors' },
  { id: 'registry', label: 'Registry' },
  { id: 'council', label: 'Council & team' },
] as const
export type AdminGroup = (typeof ADMIN_GROUPS)[number]['id']

/**
 * The admin screens, in the order the navigation shows them (group by group): each names its
 * group, the one permission it needs (shared/permissions.ts; the server checks the same one for the
 * screen's procedures), and `count` what waits on it.
 */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Research Studies', group: 'content', permission: 'content' },
  { to: '/admin/resources', label: 'Resources', group: 'content', permission: 'content' },
  { to: '/admin/news', label: 'News', group: 'content', permission: 'content' },
  { to: '/admin/standards', label: 'Standards', group: 'content', permission: 'content' },
  { to: '/admin/pages', label: 'Pages', group: 'content', permission: 'content' },
  { to: '/admin/faq', label: 'FAQ', group: 'content', permission: 'content' },
  { to: '/admin/messages', label: 'Messages', group: 'visitors', permission: 'visitors', count: 'messages' },
  {
    to: '/admin/testimonials',
    label: 'Testimonials',
    group: 'visitors',
    permission: 'visitors',
    count: 'testimonials',
  },
  { to: '/admin/subscribers', label: 'Subscribers', group: 'visitors', permission: 'visitors' },
  {
    to: '/admin/comments',
    label: 'Public comments',
    group: 'visitors',
    permission: 'comments',
    count: 'comments',
  },
  { to: '/admin/registry', label: 'Registry', group: 'registry', permission: 'registry' },
  { to: '/admin/team', label: 'Team', group: 'council', permission: 'team' },
  { to: '/admin/settings', label: 'Council settings', group: 'council', permission: 'settings' },
  { to: '/admin/activity', label: 'Activity', group: 'council', permission: 'activity' },
  { to: '/admin/account', label: 'Your sessions', group: 'council', permission: 'account' },
] as const satisfies readonly {
  to: string
  label: string
  group: AdminGroup
  permission: Permission
  count?: string
}[]

export type AdminScreen = (typeof ADMIN_SCREENS)[number]

/** "/admin/team/" and "/admin/team" alike. */
export const screenPath = (pathname: string) => pathname.replace(/\/$/, '') || '/'

/** The screen at a path, if it is one of the admin's. */
export const screenAt = (pathname: string): AdminScreen | undefined =>
  ADMIN_SCREENS.find((screen) => screen.to === screenPath(pathname))

/** The screens a member's permissions open, in the navigation's order. */
export const screensFor = (permissions: readonly Permission[]): AdminScreen[] =>
  ADMIN_SCREENS.filter((screen) => permissions.includes(screen.permission))

/** The groups a member has a screen in, each with those screens, in the navigation's order. */
export const groupsFor = (permissions: readonly Permission[]) =>
  ADMIN_GROUPS.map((group) => ({
    ...group,
    screens: screensFor(permissions).filter((screen) => screen.group === group.id),
  })).filter((group) => group.screens.length > 0)

/** How many wait on the screens that count them. */
export type Waiting = Record<'messages' | 'testimonials' | 'comments', number>

const WAITING_WORDS = {
  messages: { one: 'new message', many: 'new messages' },
  testimonials: { one: 'testimonial waiting', many: 'testimonials waiting' },
  comments: { one: 'comment to answer', many: 'comments to answer' },
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
