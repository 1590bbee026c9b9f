import { Badge, Box, Group } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTRPC } from '../lib/trpc'
import classes from './admin-nav.module.css'

/** The admin screens, in the order the navigation shows them. */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Research Studies' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/testimonials', label: 'Testimonials' },
  { to: '/admin/subscribers', label: 'Subscribers' },
  { to: '/admin/resources', label: 'Resources' },
  { to: '/admin/activity', label: 'Activity' },
] as const

/**
 * The admin's own navigation, on every admin screen. The count of new messages stands beside
 * "Messages"; it is refreshed whenever a message screen changes a message's state.
 */
export function AdminNav() {
  const trpc = useTRPC()
  const newMessages = useQuery({ ...trpc.messages.countNew.queryOptions(), refetchInterval: 60_000 })
  return (
    <Box component="nav" aria-label="Admin" mb="xl" className={classes.nav}>
      <Group component="ul" gap={4} className={classes.list}>
        {ADMIN_SCREENS.map((screen) => (
          <li key={screen.to}>
            <Link
              to={screen.to}
              className={classes.link}
              activeOptions={{ exact: true }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {screen.label}
              {screen.to === '/admin/messages' && (newMessages.data ?? 0) > 0 ? (
                <Badge component="span" size="sm" circle={false} ml={6} color="red" data-testid="new-messages-count">
                  {newMessages.data}
                  <span className={classes.visuallyHidden}> new</span>
                </Badge>
              ) : null}
            </Link>
          </li>
        ))}
      </Group>
    </Box>
  )
}
