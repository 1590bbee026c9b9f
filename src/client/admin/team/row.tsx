import { Button, Group, NativeSelect, Text } from '@mantine/core'
import { useState } from 'react'
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/permissions'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import classes from './team.module.css'
import type { TeamMember } from './types'

/** How a member is called in the screen's words: their name from the sign-in, else their address. */
export const nameOf = (member: Pick<TeamMember, 'name' | 'email'>) => member.name ?? member.email

export const rowId = (member: Pick<TeamMember, 'id'>) => `team-${member.id.replace(/[^a-z0-9-]/gi, '-')}`

function StateOf({ member }: { member: TeamMember }) {
  if (member.state === 'active') return <StateBadge tone="done">Active</StateBadge>
  if (member.state === 'expired') return <StateBadge tone="off">Expired</StateBadge>
  return (
    <StateBadge tone="pending">
      Invited, expires {member.expiresAt ? <AdminDate value={member.expiresAt} time={false} /> : 'soon'}
    </StateBadge>
  )
}

export type RowActions = {
  /** The address being invited (again), and the member whose role is being saved. */
  inviting: string | null
  saving: string | null
  onChangeRole: (member: TeamMember, role: Role) => void
  onRemove: (member: TeamMember) => void
  onEndSessions: (member: TeamMember) => void
  onWithdraw: (member: TeamMember) => void
  onInviteAgain: (member: TeamMember) => void
}

/**
 * The red button that takes someone's access away (a removal, a withdrawn invitation). Its id is
 * where the focus comes back when its confirmation is cancelled.
 */
function TakeAwayButton(props: {
  member: TeamMember
  onClick: (member: TeamMember) => void
  label: string
  children: string
}) {
  return (
    <Button
      variant="outline"
      color="red"
      id={`${rowId(props.member)}-remove`}
      onClick={() => props.onClick(props.member)}
      aria-label={props.label}
    >
      {props.children}
    </Button>
  )
}

/** A member's controls: a new role, their sessions, removal. */
function MemberControls({ member, actions }: { member: TeamMember; actions: RowActions }) {
  const [role, setRole] = useState<Role>(member.role)
  const who = nameOf(member)
  return (
    <div className={classes.controls}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          label={`Role of ${who}`}
          labelProps={{ className: 'visually-hidden' }}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as Role)}
          data={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          w={140}
        />
        <Button
          variant="default"
          disabled={role === member.role}
          loading={actions.saving === member.id}
          onClick={() => actions.onChangeRole(member, role)}
          aria-label={`Save role of ${who}`}
        >
          Save role
        </Button>
      </Group>
      <Button variant="default" onClick={() => actions.onEndSessions(member)} aria-label={`End all sessions of ${who}`}>
        End all sessions
      </Button>
      <TakeAwayButton member={member} onClick={actions.onRemove} label={`Remove ${who} from the team`}>
        Remove
      </TakeAwayButton>
    </div>
  )
}

function InvitationControls({ member, actions }: { member: TeamMember; actions: RowActions }) {
  return (
    <div className={classes.controls}>
      <Button
        variant="default"
        loading={actions.inviting === member.email}
        onClick={() => actions.onInviteAgain(member)}
        aria-label={`Invite again: ${member.email}`}
      >
        Invite again
      </Button>
      <TakeAwayButton member={member} onClick={actions.onWithdraw} label={`Withdraw the invitation to ${member.email}`}>
        Withdraw
      </TakeAwayButton>
    </div>
  )
}

/** One member or invitation: who, their role and state, when they last signed in and who invited them. */
export function TeamRow({ member, actions }: { member: TeamMember; actions: RowActions }) {
  const invitation = member.kind === 'invitation'
  return (
    <li className={classes.row} data-testid="team-row" data-email={member.email} data-state={member.state}>
      <div className={lists.wrap}>
        <Text fw={600}>{nameOf(member)}</Text>
        {member.name ? (
          <Text size="sm" c="dark.6">
            {member.email}
          </Text>
        ) : null}
      </div>
      <Group gap={6} align="flex-start">
        <StateBadge tone="tag">{ROLE_LABELS[member.role]}</StateBadge>
        <StateOf member={member} />
      </Group>
      <div>
        {invitation ? null : (
          <Text size="sm" c="dark.6">
            Last sign-in: {member.lastSignInAt ? <AdminDate value={member.lastSignInAt} /> : 'Never'}
          </Text>
        )}
        {member.invitedBy ? (
          <Text size="sm" c="dark.6" className={lists.wrap}>
            Invited by {member.invitedBy}
          </Text>
        ) : null}
      </div>
      {member.fromConfig ? (
        <Text size="sm" c="dark.6" className={classes.controls} data-testid="team-from-config">
          Set by the server’s configuration: it cannot be changed or removed here.
        </Text>
      ) : invitation ? (
        <InvitationControls member={member} actions={actions} />
      ) : (
        <MemberControls member={member} actions={actions} />
      )}
    </li>
  )
}
