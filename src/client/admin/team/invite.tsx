import { Alert, Box, Button, CopyButton, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from '../../../shared/permissions'
import { InviteInputSchema } from '../../../shared/schemas/team'
import { useAdminForm } from '../ui/form'
import lists from '../ui/lists.module.css'
import classes from './team.module.css'
import type { InviteValues, ShownLink } from './types'

type Props = {
  busy: boolean
  /** Sends the invitation; `done` empties the form once it is. */
  onInvite: (
    values: InviteValues,
    form: { setErrors: (errors: Record<string, string>) => void },
    done: () => void,
  ) => void
}

/** The invitation form: an address and a role, each role with what it is for. */
export function InviteForm({ busy, onInvite }: Props) {
  const form = useAdminForm<InviteValues>(InviteInputSchema, { email: '', role: 'moderator' })
  return (
    <Box component="section" aria-labelledby="invite-heading" className={classes.invite}>
      <Title order={2} size="h3" id="invite-heading" mb="sm">
        Invite someone
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => onInvite(values, form, () => form.reset()))}
        data-testid="invite-form"
      >
        <Stack gap="md">
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="off"
            required
            maw={420}
            {...form.getInputProps('email')}
          />
          <Radio.Group label="Role" required {...form.getInputProps('role')}>
            <Stack gap="xs" mt={6}>
              {ROLES.map((role) => (
                <Radio key={role} value={role} label={ROLE_LABELS[role]} description={ROLE_DESCRIPTIONS[role]} />
              ))}
            </Stack>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={busy}>
              Send the invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  )
}

/**
 * The link of an invitation the server could not mail (no mail configured): shown once, to be sent
 * by other means. It is not kept: the server stores only its hash.
 */
export function InvitationLink({ shown, onClose }: { shown: ShownLink; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <Alert
      color="ocean"
      variant="light"
      mb="xl"
      data-testid="invitation-link"
      title={
        <span ref={heading} tabIndex={-1}>
          Send this link to {shown.email}
        </span>
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          The invitation was not sent by e-mail, so pass the link on yourself. It works once, for 7 days, and will not
          be shown again.
        </Text>
        <Text size="sm" ff="monospace" className={`${lists.wrap} ${classes.link}`}>
          {shown.link}
        </Text>
        <Group gap="sm">
          <CopyButton value={shown.link}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant={copied ? 'light' : 'filled'} aria-live="polite">
                {copied ? 'Copied' : 'Copy the link'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
