import { Alert, Anchor, Button, Group, Radio, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { TEXT_LIMITS } from '../../../shared/constants'
import { actionsFrom, listingPath, STATUS_ACTION_LABELS } from '../../../shared/registry'
import { STATUS_REASON_MAX } from '../../../shared/schemas/registry'
import { CloseConcernSchema } from '../../../shared/schemas/registry-applications'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import { AdminDate } from '../ui/dates'
import { useAdminForm } from '../ui/form'
import classes from '../ui/lists.module.css'
import { useAdminMutation } from '../ui/mutation'
import { QueryState } from '../ui/query-state'
import { BackToQueue, Facts, Refusal, sentenceOf, TITLE, useFocusOnOpen } from './detail-parts'
import { ConcernStateBadge } from './queue-words'
import { StatusBadge } from './status-words'
import type { AdminConcern } from './types'

type CloseValues = { outcome: string; action: 'none' | 'suspend' | 'withdraw'; reason: string }

/** The form's values as the procedure takes them: a status change only when one is chosen. */
const closeInput = (id: string, values: CloseValues) => ({
  id,
  outcome: values.outcome,
  statusChange: values.action === 'none' ? undefined : { action: values.action, reason: values.reason },
})

/** The schema's messages on the form's own fields (its `statusChange.reason` is the form's `reason`). */
const validateClose = (id: string) => (values: CloseValues) => {
  const result = CloseConcernSchema.safeParse(closeInput(id, values))
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.at(-1) === 'reason' ? 'reason' : issue.path[0] === 'outcome' ? 'outcome' : 'action'
    errors[field] ??= issue.message
  }
  return errors
}

const ACTION_WORDS = {
  suspend: 'The listing stops being listed until it is reinstated; its page, badge and feed say suspended.',
  withdraw: 'Withdrawing is final: the listing can never be listed again.',
} as const

/** Close: the outcome (the council's own), and optionally a suspension or withdrawal with its public reason. */
function CloseForm({ concern }: { concern: AdminConcern }) {
  const trpc = useTRPC()
  const form = useAdminForm<CloseValues>(CloseConcernSchema, { outcome: '', action: 'none', reason: '' })
  const close = useAdminMutation(trpc.registry.admin.concerns.close.mutationOptions(), {
    refresh: [trpc.registry.pathKey()],
    form,
    success: (_done, variables) =>
      variables.statusChange
        ? `${concern.reference} closed; ${concern.listing.number} ${variables.statusChange.action === 'suspend' ? 'suspended' : 'withdrawn'}`
        : `${concern.reference} closed`,
    failure: (_variables, error) => sentenceOf(error, 'The concern could not be closed'),
  })
  const { action } = form.getValues()
  // Only the moves the listing's status allows now (a suspended listing can only be withdrawn); if
  // it changes meanwhile, the server's refusal says so.
  const moves = actionsFrom(concern.listing.status).filter(
    (move): move is 'suspend' | 'withdraw' => move === 'suspend' || move === 'withdraw',
  )
  return (
    <form
      noValidate
      aria-labelledby="close-heading"
      data-testid="close-form"
      onSubmit={(event) => {
        event.preventDefault()
        const errors = validateClose(concern.id)(form.getValues())
        form.setErrors(errors)
        if (Object.keys(errors).length > 0) return focusFirstError(errors, null, event)
        close.mutate(closeInput(concern.id, form.getValues()))
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="close-heading">
          Close the concern
        </Title>
        <CountedTextarea
          label="Outcome"
          hint="What the council found and did; kept with the concern, never public"
          required
          rows={[3, 10]}
          max={TEXT_LIMITS.message}
          value={form.getValues().outcome}
          {...form.getInputProps('outcome')}
        />
        <Radio.Group label="The listing" {...form.getInputProps('action')}>
          <Stack gap={8} mt={6}>
            <Radio value="none" label="No change to the listing" />
            {moves.map((move) => (
              <Radio key={move} value={move} label={`${STATUS_ACTION_LABELS[move]} ${concern.listing.number}`} />
            ))}
          </Stack>
        </Radio.Group>
        {action !== 'none' ? (
          <>
            <Text size="sm" fw={action === 'withdraw' ? 700 : undefined}>
              {ACTION_WORDS[action]} The reason you give is public: it is shown in the listing’s history and feed.
            </Text>
            <CountedTextarea
              label="Public reason"
              required
              rows={[3, 8]}
              max={STATUS_REASON_MAX}
              value={form.getValues().reason}
              {...form.getInputProps('reason')}
            />
          </>
        ) : null}
        <Refusal error={close.error} fallback="The concern could not be closed. Check the connection and try again." />
        <Group>
          <Button type="submit" color={action === 'none' ? undefined : 'red.9'} loading={close.isPending}>
            {action === 'none'
              ? 'Close the concern'
              : `Close and ${action === 'suspend' ? 'suspend' : 'withdraw'} the listing`}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function ConcernBody({ concern }: { concern: AdminConcern }) {
  const trpc = useTRPC()
  const headingRef = useFocusOnOpen(true)
  const look = useAdminMutation(trpc.registry.admin.concerns.look.mutationOptions(), {
    refresh: [trpc.registry.pathKey()],
    success: `${concern.reference}: looking into it`,
    failure: (_variables, error) => sentenceOf(error, 'The concern’s state could not be changed'),
  })
  const { listing } = concern
  return (
    <Stack gap="lg" data-testid="concern-screen">
      <Stack gap={6}>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} className={classes.wrap}>
          {concern.reference}: about {listing.name}
        </Title>
        <Group gap="xs">
          <ConcernStateBadge state={concern.state} />
          <Text size="sm" c="dark.7">
            Raised <AdminDate value={concern.receivedAt} />
          </Text>
        </Group>
      </Stack>

      <section aria-labelledby="concern-listing-heading">
        <Title order={3} size="h5" id="concern-listing-heading" mb="xs">
          The listing
        </Title>
        <Group gap="xs">
          <Anchor href={listingPath(listing.key)} target="_blank">
            {listing.name} ({listing.number})<span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
          <StatusBadge status={listing.status} />
        </Group>
      </section>

      <section aria-labelledby="concern-person-heading">
        <Title order={3} size="h5" id="concern-person-heading" mb="xs">
          The concern
        </Title>
        <Facts
          data-testid="concern-facts"
          items={[
            ['Raised by', concern.name],
            [
              'E-mail',
              <Anchor key="mail" href={`mailto:${concern.email}`}>
                {concern.email}
              </Anchor>,
            ],
            ['May the council contact them?', concern.consent ? 'Yes' : 'No: they did not consent to be contacted'],
            ['When it happened', concern.when],
            ['What happened', concern.whatHappened],
          ]}
        />
      </section>

      {concern.state === 'closed' ? (
        <Alert color="gray" variant="light" title="Closed" data-testid="concern-outcome" styles={TITLE}>
          <Stack gap={4}>
            <Text size="sm" c="dark.8" className={classes.wrap} style={{ whiteSpace: 'pre-wrap' }}>
              {concern.outcome}
            </Text>
            {concern.statusChange ? (
              <Text size="sm" c="dark.8" className={classes.wrap}>
                The listing was {concern.statusChange.action === 'suspend' ? 'suspended' : 'withdrawn'}:{' '}
                {concern.statusChange.reason}
              </Text>
            ) : null}
            {concern.closedAt ? (
              <Text size="sm" c="dark.7">
                <AdminDate value={concern.closedAt} />
                {concern.closedBy ? ` · ${concern.closedBy}` : ''}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : (
        <>
          {concern.state === 'new' ? (
            <Stack gap="xs">
              <Group>
                <Button variant="light" loading={look.isPending} onClick={() => look.mutate({ id: concern.id })}>
                  Looking into it
                </Button>
              </Group>
              <Refusal error={look.error} fallback="The concern’s state could not be changed. Try again." />
            </Stack>
          ) : null}
          <CloseForm concern={concern} />
        </>
      )}
    </Stack>
  )
}

/** One concern, opened from the queue (or a link to it). Never public. */
export function ConcernScreen({ id, state }: { id: string; state: string }) {
  const trpc = useTRPC()
  const concern = useQuery(trpc.registry.admin.concerns.get.queryOptions({ id }))
  return (
    <Stack gap="md">
      <BackToQueue view="concerns" state={state}>
        Back to the concerns
      </BackToQueue>
      {concern.isError && concern.data === undefined ? (
        <Refusal error={concern.error} fallback="The concern could not be loaded" />
      ) : null}
      <QueryState
        query={concern}
        loading="Loading the concern..."
        failed="The concern could not be loaded"
        empty={null}
        isEmpty={() => false}
      >
        {(data) => <ConcernBody concern={data} />}
      </QueryState>
    </Stack>
  )
}
