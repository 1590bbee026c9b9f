import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { type KeyboardEvent, useRef, useState } from 'react'
import { useTRPC } from '../lib/trpc'
import classes from './nav.module.css'
import { StateBadge } from './ui/badges'

/** The admin screens, in the order the navigation shows them; `count` names what waits on that screen. */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Research Studies' },
  { to: '/admin/messages', label: 'Messages', count: 'messages' },
  { to: '/admin/testimonials', label: 'Testimonials', count: 'testimonials' },
  { to: '/admin/subscribers', label: 'Subscribers' },
  { to: '/admin/resources', label: 'Resources' },
  { to: '/admin/activity', label: 'Activity' },
] as const

const COUNTS = {
  messages: { testId: 'new-messages-count', words: ' new' },
  testimonials: { testId: 'pending-testimonials-count', words: ' waiting for review' },
} as const

/** What waits on each screen; refreshed by the changes that move it (their procedures' path keys) and every minute. */
function useWaiting() {
  const trpc = useTRPC()
  const messages = useQuery({ ...trpc.messages.countNew.queryOptions(), refetchInterval: 60_000 })
  const testimonials = useQuery({ ...trpc.testimonials.countPending.queryOptions(), refetchInterval: 60_000 })
  return { messages: messages.data ?? 0, testimonials: testimonials.data ?? 0 }
}

/**
 * The admin's own navigation, on every admin screen: a row of links, with what waits beside
 * "Messages" and "Testimonials". On a phone the row would take 440 px before any content, so there
 * it folds into one button that names the current screen and opens the same links (a disclosure:
 * Tab reaches them, Escape closes it and returns to the button).
 */
export function AdminNav() {
  const waiting = useWaiting()
  const pathname = useLocation({ select: (location) => location.pathname.replace(/\/$/, '') || '/' })
  const current = ADMIN_SCREENS.find((screen) => screen.to === pathname) ?? ADMIN_SCREENS[0]
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const total = waiting.messages + waiting.testimonials

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    setOpen(false)
    toggle.current?.focus()
  }

  return (
    <nav aria-label="Admin" className={classes.nav} onKeyDown={closeOnEscape}>
      <button
        ref={toggle}
        type="button"
        className={classes.toggle}
        aria-expanded={open}
        aria-controls="admin-screens"
        onClick={() => setOpen((was) => !was)}
      >
        <span>
          <span className="visually-hidden">Admin menu: </span>
          {current.label}
        </span>
        {total > 0 ? (
          <StateBadge tone="count" className={classes.waiting}>
            {total} waiting
          </StateBadge>
        ) : null}
        <span aria-hidden="true" className={classes.chevron} />
      </button>
      <ul id="admin-screens" className={classes.list} data-open={open || undefined}>
        {ADMIN_SCREENS.map((screen) => {
          const count = 'count' in screen ? waiting[screen.count] : 0
          return (
            <li key={screen.to}>
              <Link
                to={screen.to}
                className={classes.link}
                activeOptions={{ exact: true, includeSearch: false }}
                activeProps={{ 'aria-current': 'page' }}
                onClick={() => setOpen(false)}
              >
                {screen.label}
                {'count' in screen && count > 0 ? (
                  <StateBadge tone="count" ml={6} data-testid={COUNTS[screen.count].testId}>
                    {count}
                    <span className="visually-hidden">{COUNTS[screen.count].words}</span>
                  </StateBadge>
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
