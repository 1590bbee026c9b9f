import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { LISTING_KIND_LABELS, LISTING_STATUS_LABELS, listingPath } from '../../../shared/registry'
import { isOpenApplication } from '../../../shared/registry-applications'
import { STATUS_REASON_MAX } from '../../../shared/schemas/registry'
import {
  CouncilQuestionSchema,
  DeclineApplicationSchema,
  THREAD_MESSAGE_MAX,
} from '../../../shared/schemas/registry-applications'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import { AdminDate } from '../ui/dates'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import classes from '../ui/lists.module.css'
import { useAdminMutation } from '../ui/mutation'
import { QueryState } from '../ui/query-state'
import { BackToQueue, Facts, Refusal, sentenceOf, TITLE, useFocusOnOpen } from './detail-parts'
import { documentPath } from './documents'
import { ApplicationStateBadge, PURPOSE_LABELS } from './queue-words'
import { ListingDay, StatusBadge } from './status-words'
import type { AdminApplication } from './types'

const readableSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** The listing-to-be as the applicant typed it, by kind. */
function detailFacts(application: AdminApplication): [string, string][] {
  const { details } = application
  const common: [string, string][] = [
    ['Organisation', details.organisationName],
    ['Website', details.website || '—'],
  ]
  if (details.kind === 'facility') {
    return [
      ...common,
      [
        'Address',
        [details.street, details.city, details.region, details.postalCode, details.country].filter(Boolean).join(', '),
      ],
      ['Chamber models used', details.chambers.length > 0 ? details.chambers.join('\n') : '—'],
    ]
  }
  return [
    ...common,
    ['Manufacturer', details.manufacturer],
    ['Model', details.modelName],
    ['Maximum working pressure', `${details.maxPressureAta} ATA`],
    ['FDA 510(k) number', details.fda510k || '—'],
    ['Other standards stated', details.statedStandards.length > 0 ? details.statedStandards.join(', ') : '—'],
  ]
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  )
}

/** The thread, oldest first: who wrote, when, and the words as written (never as HTML). */
function Thread({ application }: { application: AdminApplication }) {
  if (application.thread.length === 0) {
    return (
      <Text size="sm" c="dark.6">
        No questions yet.
      </Text>
    )
  }
  return (
    <ol className={classes.list} data-testid="application-thread">
      {application.thread.map((message) => (
        <li key={message.id} className={classes.card} data-testid="thread-message" data-author={message.author}>
          <Text size="sm" fw={700}>
            {message.author === 'council' ? 'The council asked' : `${application.contactName} answered`}
          </Text>
          <Text size="sm" c="dark.6">
            <AdminDate value={message.at} />
          </Text>
          <Text size="sm" mt={4} className={classes.wrap} style={{ whiteSpace: 'pre-wrap' }}>
            {message.body}
          </Text>
        </li>
      ))}
    </ol>
  )
}

/** "Ask a question": mailed to the applicant with the link to the application's page. */
function AskForm({ application }: { application: AdminApplication }) {
  const trpc = useTRPC()
  const form = useAdminForm(CouncilQuestionSchema, { id: application.id, body: '' })
  const ask = useAdminMutation(trpc.registry.admin.applications.ask.mutationOptions(), {
    refresh: [trpc.registry.pathKey()],
    form,
    success: 'Question sent to the applicant',
    failure: (_variables, error) => sentenceOf(error, 'The question could not be sent'),
    onSuccess: () => form.reset(),
  })
  return (
    <form
      noValidate
      aria-labelledby="ask-heading"
      data-testid="ask-form"
      onSubmit={form.onSubmit((values) => ask.mutate(values), focusFirstError)}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="ask-heading">
          Ask a question
        </Title>
        <CountedTextarea
          label="Your question"
          hint="Mailed to the applicant with the link to the application’s page; the state becomes “Questions from the council”"
          rows={[3, 10]}
          max={THREAD_MESSAGE_MAX}
          value={form.getValues().body}
          {...form.getInputProps('body')}
        />
        <Refusal error={ask.error} fallback="The question could not be sent. Check the connection and try again." />
        <Group>
          <Button type="submit" loading={ask.isPending}>
            Send the question
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Approve: asked first (it lists the organisation for the public), then the number, linked. */
function ApproveDialog({
  application,
  opened,
  onClose,
}: {
  application: AdminApplication
  opened: boolean
  onClose: () => void
}) {
  const trpc = useTRPC()
  const [expiresOn, setExpiresOn] = useState('')
  const approve = useAdminMutation(trpc.registry.admin.applications.approve.mutationOptions(), {
    refresh: [trpc.registry.pathKey()],
    success: (done) => `${application.reference} approved: listing ${done.listing.number}`,
    failure: (_variables, error) => sentenceOf(error, 'The application could not be approved'),
    afterRefresh: onClose,
  })
  const renewal = application.purpose === 'renewal'
  return (
    <Modal
      opened={opened}
      onClose={approve.isPending ? () => {} : onClose}
      onExitTransitionEnd={() => approve.reset()}
      title={
        renewal
          ? `Approve the renewal of ${application.renews?.number ?? 'the listing'}?`
          : `Approve ${application.reference}?`
      }
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        data-testid="approve-dialog"
        onSubmit={(event) => {
          event.preventDefault()
          approve.mutate({ id: application.id, expiresOn: expiresOn || undefined })
        }}
      >
        <Stack gap="md">
          <Text size="sm" className={classes.wrap}>
            {renewal
              ? 'The listing takes the renewal’s details and declared versions, its documents join the evidence, and it is listed until its new expiry date.'
              : `${application.organisationName} is listed on the public registry with a new number, its documents kept as the listing’s evidence.`}{' '}
            The applicant is mailed the outcome{renewal ? '' : ', with the number and the badge’s embed code'}.
          </Text>
          <TextInput
            type="date"
            label="Expires on (optional)"
            description="Blank: the registry’s usual term from today."
            classNames={fieldClasses}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
          />
          <Refusal error={approve.error} fallback="The application could not be approved. Try again." />
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={approve.isPending} data-autofocus>
              Cancel
            </Button>
            <Button type="submit" loading={approve.isPending}>
              {renewal ? 'Approve the renewal' : 'Approve and list'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** Decline: the reason (mailed to the applicant), then a confirmation. */
function DeclineDialog({
  application,
  opened,
  onClose,
}: {
  application: AdminApplication
  opened: boolean
  onClose: () => void
}) {
  const trpc = useTRPC()
  const form = useAdminForm(DeclineApplicationSchema, { id: application.id, reason: '' })
  const decline = useAdminMutation(trpc.registry.admin.applications.decline.mutationOptions(), {
    refresh: [trpc.registry.pathKey()],
    form,
    success: `${application.reference} declined`,
    failure: (_variables, error) => sentenceOf(error, 'The application could not be declined'),
    afterRefresh: onClose,
  })
  return (
    <Modal
      opened={opened}
      onClose={decline.isPending ? () => {} : onClose}
      onExitTransitionEnd={() => {
        form.reset()
        decline.reset()
      }}
      title={`Decline ${application.reference}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        data-testid="decline-dialog"
        onSubmit={form.onSubmit((values) => decline.mutate(values), focusFirstError)}
      >
        <Stack gap="md">
          <Text size="sm" className={classes.wrap}>
            Declining is final: the applicant is mailed the reason, and can no longer answer or add documents. They may
            apply again.
          </Text>
          <CountedTextarea
            label="Reason"
            hint="Sent to the applicant as you write it"
            required
            data-autofocus
            rows={[3, 8]}
            max={STATUS_REASON_MAX}
            value={form.getValues().reason}
            {...form.getInputProps('reason')}
          />
          <Refusal error={decline.error} fallback="The application could not be declined. Try again." />
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={decline.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={decline.isPending}>
              Decline the application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** The outcome of a decided application: the listing's number and page, or the reason. */
function Outcome({ application }: { application: AdminApplication }) {
  if (application.state === 'approved' && application.listing) {
    const { listing } = application
    return (
      <Alert
        color="teal"
        variant="light"
        title="Approved"
        data-testid="application-outcome"
        styles={TITLE}
        role="status"
      >
        <Stack gap={4}>
          <Text size="sm" c="dark.8">
            Listed as <strong data-testid="approved-number">{listing.number}</strong> (
            {LISTING_STATUS_LABELS[listing.status].toLowerCase()})
            {application.decidedAt ? (
              <>
                {' '}
                on <AdminDate value={application.decidedAt} />
              </>
            ) : null}
            {application.decidedBy ? ` by ${application.decidedBy}` : ''}.
          </Text>
          <Anchor href={listingPath(listing.key)} target="_blank" size="sm">
            The listing’s public page<span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
        </Stack>
      </Alert>
    )
  }
  if (application.state === 'declined') {
    return (
      <Alert color="gray" variant="light" title="Declined" data-testid="application-outcome" styles={TITLE}>
        <Text size="sm" c="dark.8" className={classes.wrap}>
          {application.declineReason}
        </Text>
        {application.decidedAt ? (
          <Text size="sm" c="dark.7" mt={4}>
            <AdminDate value={application.decidedAt} />
            {application.decidedBy ? ` · ${application.decidedBy}` : ''}
          </Text>
        ) : null}
      </Alert>
    )
  }
  return null
}

function ApplicationBody({ application }: { application: AdminApplication }) {
  const headingRef = useFocusOnOpen(true)
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null)
  const approveRef = useRef<HTMLButtonElement>(null)
  const open = isOpenApplication(application.state)

  return (
    <Stack gap="lg" data-testid="application-screen">
      <Stack gap={6}>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} className={classes.wrap}>
          {application.reference}: {application.organisationName}
        </Title>
        <Group gap="xs">
          <ApplicationStateBadge state={application.state} />
          <Text size="sm" c="dark.7">
            {PURPOSE_LABELS[application.purpose]} · {LISTING_KIND_LABELS[application.kind]} · received{' '}
            <AdminDate value={application.receivedAt} />
          </Text>
        </Group>
      </Stack>

      <Outcome application={application} />

      {application.renews ? (
        <Card withBorder padding="md" data-testid="renews">
          <Text size="sm">
            Renews{' '}
            <Anchor href={listingPath(application.renews.key)} target="_blank">
              {application.renews.number}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Anchor>{' '}
            <StatusBadge status={application.renews.status} /> · expires{' '}
            <ListingDay day={application.renews.expiresOn} />
          </Text>
        </Card>
      ) : null}

      <Section id="applicant-heading" title="The applicant">
        <Facts
          items={[
            ['Contact', application.contactName],
            [
              'E-mail',
              <Anchor key="mail" href={`mailto:${application.contactEmail}`}>
                {application.contactEmail}
              </Anchor>,
            ],
            ['Signed by', `${application.signatoryName}, ${application.signatoryTitle}`],
          ]}
        />
      </Section>

      <Section id="details-heading" title="The listing’s details">
        <Facts items={detailFacts(application)} data-testid="application-details" />
      </Section>

      <Section id="declared-heading" title="Declared versions">
        <ul className={classes.list} data-testid="application-declarations">
          {application.declarations.map((declaration) => (
            <li key={`${declaration.number}-${declaration.version}`} className={classes.card}>
              <Text size="sm" fw={700} className={classes.wrap}>
                {declaration.number} version {declaration.version}
              </Text>
              <Text size="sm" className={classes.wrap}>
                {declaration.title}
              </Text>
              {declaration.supersededBy ? (
                <Text size="sm" c="dark.7">
                  Superseded by version {declaration.supersededBy.version}
                </Text>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="documents-heading" title="Documents">
        {application.documents.length === 0 ? (
          <Text size="sm" c="dark.6">
            No documents attached.
          </Text>
        ) : (
          <ul className={classes.list} data-testid="application-documents">
            {application.documents.map((document) => (
              <li key={document.id} className={classes.card}>
                <Anchor href={documentPath(document.id)} download={document.filename} className={fieldClasses.fileName}>
                  {document.filename}
                </Anchor>
                <Text size="sm" c="dark.6">
                  {readableSize(document.size)} · added <AdminDate value={document.addedAt} />
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="thread-heading" title="Questions and answers">
        <Thread application={application} />
      </Section>

      {open ? (
        <>
          <AskForm application={application} />
          <section aria-labelledby="decide-heading">
            <Title order={3} size="h5" id="decide-heading" mb="xs">
              Decide
            </Title>
            <Group gap="sm">
              <Button ref={approveRef} onClick={() => setDialog('approve')}>
                Approve…
              </Button>
              <Button variant="outline" color="red.9" onClick={() => setDialog('decline')}>
                Decline…
              </Button>
            </Group>
          </section>
          <ApproveDialog application={application} opened={dialog === 'approve'} onClose={() => setDialog(null)} />
          <DeclineDialog application={application} opened={dialog === 'decline'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </Stack>
  )
}

/** One application, opened from the queue (or a link to it). */
export function ApplicationScreen({ id, state }: { id: string; state: string }) {
  const trpc = useTRPC()
  const application = useQuery(trpc.registry.admin.applications.get.queryOptions({ id }))
  return (
    <Stack gap="md">
      <BackToQueue view="applications" state={state}>
        Back to the applications
      </BackToQueue>
      {application.isError && application.data === undefined ? (
        <Refusal error={application.error} fallback="The application could not be loaded" />
      ) : null}
      <QueryState
        query={application}
        loading="Loading the application..."
        failed="The application could not be loaded"
        empty={null}
        isEmpty={() => false}
      >
        {(data) => <ApplicationBody application={data} />}
      </QueryState>
    </Stack>
  )
}
