import { Box, Button, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTRPC } from '../../lib/trpc'
import { useSignInAgain } from '../session'
import { StateBadge } from '../ui/badges'
import { useConfirmedDelete } from '../ui/confirm'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { QueryState } from '../ui/query-state'
import classes from './account.module.css'

type Session = { id: string; device: string; signedInAt: Date | null; lastSeenAt: Date | null; current: boolean }

const When = ({ value }: { value: Date | null }) => (value ? <AdminDate value={value} /> : <>unknown</>)

/**
 * The member's own sessions, every role's screen: where they are signed in, and an end to any of
 * them (a browser left signed in elsewhere). Ending this browser's own session signs out here too,
 * and leaves for a new sign-in as an expired session does.
 */
export function AccountScreen() {
  const trpc = useTRPC()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const signInAgain = useSignInAgain()
  const sessions = useQuery(trpc.team.mySessions.queryOptions())
  const currentId = sessions.data?.find((session) => session.current)?.id
  const end = useConfirmedDelete<Session>(trpc.team.endMySession.mutationOptions(), {
    refresh: [trpc.team.mySessions.queryKey()],
    success: 'Session ended',
    failure: 'Failed to end the session',
    onDeleted: (id) => {
      if (id === currentId) signInAgain()
    },
    title: 'End this session?',
    confirmLabel: 'End the session',
    fallbackFocus: headingRef,
    body: (session) => (
      <Text size="sm">
        {session.current
          ? 'This is the browser you are using: you will be signed out here and asked to sign in again.'
          : `${session.device} is signed out at once. Whoever uses it must sign in again.`}
      </Text>
    ),
  })

  return (
    <Box component="section" aria-labelledby="sessions-heading">
      <Title order={2} size="h3" id="sessions-heading" ref={headingRef} tabIndex={-1} mb="xs">
        Where you are signed in
      </Title>
      <Text size="sm" c="dark.6" mb="md" maw={760}>
        End a session you do not recognise, or one on a device you no longer use.
      </Text>
      <QueryState
        query={sessions}
        loading="Loading your sessions..."
        failed="Your sessions could not be loaded"
        empty="No sessions."
      >
        {(rows) => (
          <ul className={lists.list} data-testid="sessions-list">
            {rows.map((session) => (
              <li key={session.id} className={classes.row} data-testid="session-row">
                <div className={lists.wrap}>
                  <Text fw={600} component="span" mr="xs">
                    {session.device}
                  </Text>
                  {session.current ? <StateBadge tone="done">This browser</StateBadge> : null}
                </div>
                <Text size="sm" c="dark.6">
                  Signed in <When value={session.signedInAt} />
                </Text>
                <Text size="sm" c="dark.6">
                  Last seen <When value={session.lastSeenAt} />
                </Text>
                <div>
                  <Button
                    variant="outline"
                    color="red"
                    id={`session-${session.id}-end`}
                    onClick={() => end.ask(session)}
                    aria-label={
                      session.current ? 'End the session of this browser' : `End the session on ${session.device}`
                    }
                  >
                    End
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {end.dialog}
    </Box>
  )
}
