import { Alert, Anchor, List, Text } from '@mantine/core'
import { Link, Navigate, useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ROLE_LABELS } from '../../shared/permissions'
import { screenAt, screensFor } from './screens'
import { useAdminPermissions } from './session'

/**
 * A screen opens only for a role that includes its permission: anyone else reads why, with links to
 * the screens they may use, and the screen is not rendered at all (no data is asked for). The
 * studies screen is where every sign-in lands (/admin), so a role without it goes on to its first
 * screen instead.
 */
export function ScreenGate({ children }: { children: ReactNode }) {
  const { role, permissions } = useAdminPermissions()
  const pathname = useLocation({ select: (location) => location.pathname })
  const screen = screenAt(pathname)
  if (!screen || permissions.includes(screen.permission)) return <>{children}</>
  const open = screensFor(permissions)
  const first = open[0]
  if (screen.to === '/admin' && first) return <Navigate to={first.to} replace />
  return (
    <Alert color="gray" variant="light" title="Not part of your role" data-testid="screen-refused">
      <Text size="sm">
        Your role ({ROLE_LABELS[role].toLowerCase()}) does not include this screen. Ask an owner of the team if you need
        it.
      </Text>
      {open.length > 0 ? (
        <>
          <Text size="sm" mt="sm">
            The screens you can use:
          </Text>
          <List size="sm" mt={4}>
            {open.map((item) => (
              <List.Item key={item.to}>
                <Anchor renderRoot={(props) => <Link to={item.to} {...props} />}>{item.label}</Anchor>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  )
}
