import { Box, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ROLE_LABELS } from '../../../shared/permissions'
import { useTRPC } from '../../lib/trpc'
import { useConfirmedDelete } from '../ui/confirm'
import lists from '../ui/lists.module.css'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import { QueryState } from '../ui/query-state'
import { InvitationLink, InviteForm } from './invite'
import { nameOf, TeamRow } from './row'
import type { InviteValues, ShownLink, TeamMember } from './types'

const because = (failed: string) => (error: unknown) => {
  const reason = refusalOf(error)
  return reason ? `${failed}: ${reason}` : failed
}

/**
 * The team (owners): who may use the admin and with which role, the invitations waiting, and the
 * changes an owner makes: invite, change a role, remove, end someone's sessions. The owners the
 * server's configuration names are shown but cannot be changed here (the server refuses it too).
 */
export function TeamScreen() {
  const trpc = useTRPC()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const team = useQuery(trpc.team.list.queryOptions())
  const [shown, setShown] = useState<ShownLink | null>(null)
  const [byForm, setByForm] = useState(false)
  const refresh = [trpc.team.pathKey()]

  const invite = useAdminMutation(trpc.team.invite.mutationOptions(), {
    refresh,
    // Not mailed: the panel with its link says so, and a toast would cover its Copy button on a phone.
    success: (sent) => (sent.mailed ? `Invitation sent to ${sent.email}` : ''),
    failure: (_values, error) => because('The invitation could not be sent')(error),
    onSuccess: (sent) => setShown(sent.link ? { email: sent.email, link: sent.link } : null),
  })
  const sendInvitation = (
    values: InviteValues,
    form?: { setErrors: (errors: Record<string, string>) => void },
    done?: () => void,
  ) => {
    setShown(null)
    setByForm(form !== undefined)
    invite.mutate(values, {
      onSuccess: () => done?.(),
      onError: (error) => {
        const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields
        if (fields && form) form.setErrors(fields)
      },
    })
  }

  const changeRole = useAdminMutation(trpc.team.changeRole.mutationOptions(), {
    refresh,
    success: (changed) => `Role changed to ${ROLE_LABELS[changed.role].toLowerCase()}; their sessions ended`,
    failure: (_values, error) => because('The role could not be changed')(error),
  })
  const remove = useConfirmedDelete<TeamMember>(trpc.team.remove.mutationOptions(), {
    refresh,
    success: 'Removed from the team; their sessions ended',
    failure: because('Could not remove them from the team'),
    title: 'Remove from the team?',
    confirmLabel: 'Remove from the team',
    cancelLabel: 'Keep them',
    fallbackFocus: headingRef,
    body: (member) => (
      <Text size="sm" data-testid="team-remove-confirmation">
        <strong>{nameOf(member)}</strong> ({member.email}) will no longer be able to use the admin. Their sessions end
        at once: whatever they have open stops working.
      </Text>
    ),
  })
  const endSessions = useConfirmedDelete<TeamMember>(trpc.team.endSessions.mutationOptions(), {
    refresh,
    success: 'Their sessions ended',
    failure: because('Could not end their sessions'),
    title: 'End all their sessions?',
    confirmLabel: 'End all sessions',
    fallbackFocus: headingRef,
    body: (member) => (
      <Text size="sm">
        <strong>{nameOf(member)}</strong> is signed out on every device at once, say after losing a laptop. They stay on
        the team and can sign in again.
      </Text>
    ),
  })
  const withdraw = useConfirmedDelete<TeamMember>(trpc.team.revoke.mutationOptions(), {
    refresh,
    success: 'Invitation withdrawn',
    failure: because('Could not withdraw the invitation'),
    title: 'Withdraw the invitation?',
    confirmLabel: 'Withdraw',
    cancelLabel: 'Keep it',
    fallbackFocus: headingRef,
    body: (member) => (
      <Text size="sm">
        The link sent to <strong>{member.email}</strong> stops working. You can invite them again later.
      </Text>
    ),
  })

  return (
    <>
      <InviteForm busy={invite.isPending && byForm} onInvite={sendInvitation} />
      {shown ? <InvitationLink key={shown.link} shown={shown} onClose={() => setShown(null)} /> : null}
      <Box component="section" aria-labelledby="team-heading">
        <Title order={2} size="h3" id="team-heading" ref={headingRef} tabIndex={-1} mb="md">
          The team
        </Title>
        <QueryState
          query={team}
          loading="Loading the team..."
          failed="The team could not be loaded"
          empty="Nobody is on the team yet."
        >
          {(members) => (
            <Stack gap="md">
              <Text size="sm" c="dark.6" maw={760}>
                Changing someone’s role or removing them ends their sessions at once; with a new role they sign in
                again.
              </Text>
              <ul className={lists.list} data-testid="team-list">
                {members.map((member) => (
                  <TeamRow
                    key={member.id}
                    member={member}
                    actions={{
                      inviting: invite.isPending && !byForm ? (invite.variables?.email ?? null) : null,
                      saving: changeRole.isPending ? (changeRole.variables?.id ?? null) : null,
                      onChangeRole: (who, role) => changeRole.mutate({ id: who.id, role }),
                      onRemove: remove.ask,
                      onEndSessions: endSessions.ask,
                      onWithdraw: withdraw.ask,
                      onInviteAgain: (who) => sendInvitation({ email: who.email, role: who.role }),
                    }}
                  />
                ))}
              </ul>
            </Stack>
          )}
        </QueryState>
      </Box>
      {remove.dialog}
      {endSessions.dialog}
      {withdraw.dialog}
    </>
  )
}
