import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { type KeyboardEvent, useRef, useState } from 'react'
import { useTRPC } from '../lib/trpc'
import classes from './nav.module.css'
import { ADMIN_SCREENS, groupsFor, screenAt, type Waiting, waitingWords } from './screens'
import { useAdminPermissions } from './session'
import { StateBadge } from './ui/badges'

export { ADMIN_SCREENS } from './screens'

const COUNTS = {
  messages: { testId: 'new-messages-count', words: ' new' },
  testimonials: { testId: 'pending-testimonials-count', words: ' waiting for review' },
  comments: { testId: 'waiting-comments-count', words: ' waiting for a written answer' },
} as const

/**
 * What waits on each screen; refreshed by the changes that move it (their procedures' path keys) and
 * every minute. Each count is asked only of a member whose role opens its screen: anyone else would
 * be refused (403).
 */
function useWaiting(visitors: boolean, comments: boolean): Waiting {
  const trpc = useTRPC()
  const every = { refetchInterval: 60_000 } as const
  const messages = useQuery({ ...trpc.messages.countNew.queryOptions(), ...every, enabled: visitors })
  const testimonials = useQuery({ ...trpc.testimonials.countPending.queryOptions(), ...every, enabled: visitors })
  const waitingComments = useQuery({
    ...trpc.standards.countWaitingComments.queryOptions(),
    ...every,
    enabled: comments,
  })
  return {
    messages: visitors ? (messages.data ?? 0) : 0,
    testimonials: visitors ? (testimonials.data ?? 0) : 0,
    comments: comments ? (waitingComments.data ?? 0) : 0,
  }
}

/**
 * The admin's own navigation, on every admin screen: the screens the member's role opens, grouped by
 * what they came to do (the council's content, what visitors send, the registry, the council and its
 * team), each group a labelled list, with what waits beside "Messages" and "Testimonials". On a
 * phone the groups would take the screen before any content, so there they fold into one button
 * that names the current screen and opens the same groups (a disclosure: Tab reaches them, Escape
 * closes it and returns to the button).
 */
export function AdminNav() {
  const { permissions } = useAdminPermissions()
  const groups = groupsFor(permissions)
  const waiting = useWaiting(permissions.includes('visitors'), permissions.includes('comments'))
  const pathname = useLocation({ select: (location) => location.pathname })
  const current = screenAt(pathname) ?? ADMIN_SCREENS[0]
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const words = waitingWords(waiting, 'count' in current ? current.count : null)

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
        <span className={classes.label}>
          <span>
            <span className="visually-hidden">Admin menu: </span>
            {current.label}
          </span>
          {words ? <span className={classes.waiting}>{words}</span> : null}
        </span>
        <span aria-hidden="true" className={classes.chevron} />
      </button>
      <div id="admin-screens" className={classes.groups} data-open={open || undefined}>
        {groups.map((group) => (
          <div key={group.id} className={classes.group}>
            <span id={`admin-group-${group.id}`} className={classes.groupLabel}>
              {group.label}
            </span>
            <ul className={classes.list} aria-labelledby={`admin-group-${group.id}`}>
              {group.screens.map((screen) => {
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
          </div>
        ))}
      </div>
    </nav>
  )
}
