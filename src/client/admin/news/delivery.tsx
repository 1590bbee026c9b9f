import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { ConfirmDialog, useConfirm } from '../ui/confirm'
import { UnreachableLinks } from '../ui/markdown-preview'
import { refusalOf, useAdminMutation } from '../ui/mutation'

/*
 * Sending a post to the subscribers, under its editor (docs/decisions/027-newsletter-issues-through-the-outbox.md):
 * a test to one address, the send itself (once, confirmed, naming how many it reaches), and the
 * progress, polled while mail is queued, with a way to cancel what has not gone yet.
 */

type Props = { postId: number; published: boolean; sentAt: Date | string | null }
type Sent = Props['sentAt'] | true

const POLL_MS = 3000

/** "1 subscriber", "4 subscribers". */
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** The two confirmations' words: the send, and the cancel of what has not gone yet. */
const SEND_TEXTS = {
  title: 'Send this post to the subscribers?',
  confirmLabel: 'Send',
  body: (n: number) =>
    `It goes to ${counted(n, 'subscriber')}, once. This cannot be undone, though what has not gone yet can be cancelled.`,
}
const CANCEL_TEXTS = {
  title: 'Cancel the sending?',
  cancelLabel: 'Keep sending',
  confirmLabel: 'Cancel what is not sent',
  body: (n: number) =>
    `${counted(n, 'mail')} ${n === 1 ? 'has' : 'have'} not gone yet and will not be sent. The post cannot be sent again.`,
}

/** Why the send button is off, in words; null when it may be pressed. */
function whyNotSend(published: boolean, sentAt: Sent, recipients: number | undefined): string | null {
  if (sentAt) return 'This post was already sent to the subscribers; a post is sent once.'
  if (!published) return 'Publish the post first: only a published post can be sent.'
  if (recipients === 0) return 'There are no active subscribers yet.'
  return null
}

export function DeliveryPanel({ postId, published, sentAt }: Props) {
  const trpc = useTRPC()
  const heading = useRef<HTMLHeadingElement>(null)
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  // The editor's post was loaded before this send: the panel remembers its own send.
  const [sentHere, setSentHere] = useState(false)
  const recipients = useQuery(trpc.newsDelivery.recipients.queryOptions())
  const status = useQuery({
    ...trpc.newsDelivery.status.queryOptions({ id: postId }),
    refetchInterval: (query) => ((query.state.data?.queued ?? 0) > 0 ? POLL_MS : false),
  })
  const statusKey = trpc.newsDelivery.status.queryKey({ id: postId })
  const count = recipients.data?.count
  const sendConfirm = useConfirm<number>()
  const cancelConfirm = useConfirm<number>()

  // What the last test send said of the post's links: the ones that go nowhere in a mail.
  const [tested, setTested] = useState<{ sentTo: string; unreachable: string[] } | null>(null)
  const testSend = useAdminMutation(trpc.newsDelivery.testSend.mutationOptions(), {
    success: (data) => `Test sent to ${data.sentTo}`,
    onSuccess: (data) => setTested(data),
    failure: (_variables, error) => refusalOf(error) ?? 'The test could not be sent',
    form: { setErrors: (errors) => setEmailError(errors.email ?? null) },
  })
  const send = useAdminMutation(trpc.newsDelivery.send.mutationOptions(), {
    success: (data) => `Sending to ${counted(data.recipients, 'subscriber')}`,
    failure: (_variables, error) => refusalOf(error) ?? 'The post could not be sent',
    refresh: [statusKey, trpc.news.pathKey()],
    onSuccess: () => {
      setSentHere(true)
      sendConfirm.close()
    },
  })
  const cancel = useAdminMutation(trpc.newsDelivery.cancel.mutationOptions(), {
    success: (data) => `${counted(data.cancelled, 'mail')} cancelled`,
    failure: 'The sending could not be cancelled',
    refresh: [statusKey],
    onSuccess: () => cancelConfirm.close(),
  })

  const progress = status.data
  const sent = sentAt ?? (sentHere || (progress?.total ?? 0) > 0 ? true : null)
  const reason = whyNotSend(published, sent, count)
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`delivery-${postId}`}>
      <Stack gap="md">
        <Title order={2} size="h4" id={`delivery-${postId}`} ref={heading} tabIndex={-1}>
          Newsletter
        </Title>

        <form
          onSubmit={(event) => {
            event.preventDefault()
            setEmailError(null)
            testSend.mutate({ id: postId, email })
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Send a test to"
              type="email"
              autoComplete="email"
              value={email}
              error={emailError}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
            />
            <Button type="submit" variant="default" loading={testSend.isPending}>
              Send test
            </Button>
          </Group>
        </form>
        {tested?.unreachable.length ? (
          <UnreachableLinks
            links={tested.unreachable}
            testId="test-send-mail-links"
            lead={`The test went to ${tested.sentTo}.`}
          />
        ) : null}

        <Stack gap={4}>
          <Group>
            <Button
              disabled={reason !== null || count === undefined}
              onClick={() => count !== undefined && sendConfirm.ask(count)}
              aria-describedby={reason ? `delivery-why-${postId}` : undefined}
            >
              {count === undefined ? 'Send to subscribers' : `Send to ${counted(count, 'subscriber')}`}
            </Button>
          </Group>
          {reason ? (
            <Text size="sm" c="dark.6" id={`delivery-why-${postId}`}>
              {reason}
            </Text>
          ) : null}
        </Stack>

        {progress && progress.total > 0 ? (
          <Stack gap="xs" aria-live="polite">
            <Text size="sm">
              {progress.sent} of {progress.total} sent · {progress.queued} queued · {progress.failed} failed ·{' '}
              {progress.cancelled} cancelled
            </Text>
            <Text size="sm" data-testid="delivery-after">
              Since: {progress.after.bounced} bounced · {progress.after.complained} marked as spam ·{' '}
              {progress.after.unsubscribed} unsubscribed
              {progress.after.skipped > 0
                ? ` · ${progress.after.skipped} suppressed ${progress.after.skipped === 1 ? 'address' : 'addresses'} skipped`
                : ''}
            </Text>
            {progress.failures.length > 0 ? (
              <Alert color="red" variant="light" title="Not delivered">
                <List size="sm">
                  {progress.failures.map((failure) => (
                    <List.Item key={failure.reason}>
                      {failure.count} × {failure.reason}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {progress.queued > 0 ? (
              <Group>
                <Button variant="default" color="red.9" onClick={() => cancelConfirm.ask(progress.queued)}>
                  Cancel what is not sent yet
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>

      {[
        { confirm: sendConfirm, mutation: send, texts: SEND_TEXTS },
        { confirm: cancelConfirm, mutation: cancel, texts: CANCEL_TEXTS },
      ].map(({ confirm, mutation, texts: { body, ...texts } }) => (
        <ConfirmDialog
          key={texts.title}
          confirm={confirm}
          {...texts}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate({ id: postId })}
          fallbackFocus={heading}
        >
          {body}
        </ConfirmDialog>
      ))}
    </Card>
  )
}
