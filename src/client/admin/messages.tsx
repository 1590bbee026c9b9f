import { Alert, Badge, Box, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ADMIN_PAGE_SIZE, type MessageStatus } from '../../shared/constants'
import { toast } from '../lib/toast'
import { type RouterOutputs, useTRPC } from '../lib/trpc'
import classes from './admin-lists.module.css'
import { formatDateTime, isoString } from './format'
import { useAdminFailureToast } from './session'

export type Message = RouterOutputs['messages']['list']['items'][number]
type Filter = MessageStatus | 'all'

/**
 * "All" first and by default: opening a new message makes it read, and under a "New" filter it
 * would vanish from the list the moment it was read. The new ones stand out and come first anyway.
 */
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'read', label: 'Read' },
  { value: 'archived', label: 'Archived' },
]

const HEADINGS: Record<Filter, string> = {
  all: 'All messages',
  new: 'New messages',
  read: 'Read messages',
  archived: 'Archived messages',
}

const EMPTY: Record<Filter, string> = {
  all: 'No messages yet.',
  new: 'No new messages.',
  read: 'No read messages.',
  archived: 'No archived messages.',
}

const STATUS_LABELS: Record<MessageStatus, string> = { new: 'New', read: 'Read', archived: 'Archived' }

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  if (status === 'new') return <Badge color="ocean">{STATUS_LABELS.new}</Badge>
  if (status === 'read')
    return (
      <Badge variant="outline" color="gray.7" c="dark.7">
        {STATUS_LABELS.read}
      </Badge>
    )
  return (
    <Badge variant="light" color="gray" c="dark.7">
      {STATUS_LABELS.archived}
    </Badge>
  )
}

/**
 * The council's e-mail notice of a message that did not go out: given up ('failed'), or still
 * being retried. Nothing is shown when it was sent, is on its way, or mail is off.
 */
export function NoticeBadge({ notice }: { notice: Message['notice'] }) {
  if (notice === 'failed')
    return (
      <Badge color="red.9" title="The e-mail to the council about this message could not be delivered">
        Notice not sent
      </Badge>
    )
  if (notice === 'retrying')
    return (
      <Badge variant="outline" color="orange.9" c="orange.9" title="The mail server did not answer; it is tried again">
        Notice not sent yet
      </Badge>
    )
  return null
}

/**
 * A reply in the admin's own mail program. The address keeps its "@" (some mail programs do not
 * decode %40 in the recipient); everything else is percent-encoded, so a subject with "&" or "?"
 * cannot add headers of its own.
 */
export function replyHref(message: Pick<Message, 'email' | 'subject'>): string {
  const to = encodeURIComponent(message.email).replaceAll('%40', '@')
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`
}

const openButtonId = (id: number) => `message-${id}-open`

/** The messages screen: the contact form's submissions, newest first, a page at a time. */
export function MessagesScreen() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const failed = useAdminFailureToast()
  const small = useMediaQuery('(max-width: 36em)')
  const [filter, setFilter] = useState<Filter>('all')
  // The message in the dialog stays set while the dialog fades out, so its content does not blank.
  const [shown, setShown] = useState<Message | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const keepButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const confirmShown = useRef(false)
  const focusFromIndex = useRef<number | null>(null)

  const messages = useInfiniteQuery(
    trpc.messages.list.infiniteQueryOptions(
      { status: filter === 'all' ? undefined : filter, limit: ADMIN_PAGE_SIZE.messages },
      { getNextPageParam: (last) => last.nextCursor },
    ),
  )
  const items = messages.data?.pages.flatMap((page) => page.items) ?? []

  // After "Load more", focus goes to the first message of the new page: the button that had it may
  // be gone (no more pages), and a keyboard user continues reading where the new ones start.
  useEffect(() => {
    const from = focusFromIndex.current
    if (from === null || items.length <= from) return
    focusFromIndex.current = null
    const next = items[from]
    if (next) document.getElementById(openButtonId(next.id))?.focus()
  }, [items])

  // The button that was pressed disappears as the confirmation takes its place (and back): focus
  // follows to the safe choice, then back to where it was.
  useEffect(() => {
    if (confirmingDelete) keepButton.current?.focus()
    else if (confirmShown.current) deleteButton.current?.focus()
    confirmShown.current = confirmingDelete
  }, [confirmingDelete])

  /** The list, the nav's count of new messages and the activity log all change with a message. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.messages.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.messages.countNew.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.activity.list.pathKey() }),
    ])

  const close = () => setDialogOpen(false)

  const open = useMutation(trpc.messages.open.mutationOptions())
  const setStatus = useMutation(
    trpc.messages.setStatus.mutationOptions({
      onSuccess: async (message) => {
        toast({
          title: 'Success',
          message: message.status === 'archived' ? 'Message archived' : 'Message restored',
          variant: 'success',
        })
        setShown(message)
        // The list is fetched again before the dialog closes, so focus returns to a row that exists.
        await refresh()
        close()
      },
      onError: (error, variables) =>
        failed(error, variables.status === 'archived' ? 'Failed to archive message' : 'Failed to restore message'),
    }),
  )
  const remove = useMutation(
    trpc.messages.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', message: 'Message deleted for good', variant: 'success' })
        await refresh()
        close()
      },
      onError: (error) => failed(error, 'Failed to delete message'),
    }),
  )

  const openMessage = (message: Message) => {
    setShown(message)
    setDialogOpen(true)
    open.mutate(
      { id: message.id },
      {
        onSuccess: async (fresh) => {
          setShown((current) => (current?.id === fresh.id ? fresh : current))
          if (fresh.status !== message.status) await refresh()
        },
        onError: (error) => failed(error, 'Failed to open message'),
      },
    )
  }

  /** Back to the row that opened the dialog, or to the list's heading when that row has left the list. */
  const restoreFocus = () => {
    const id = shown?.id
    setShown(null)
    confirmShown.current = false
    setConfirmingDelete(false)
    const row = id === undefined ? null : document.getElementById(openButtonId(id))
    ;(row ?? headingRef.current)?.focus()
  }

  const busy = setStatus.isPending || remove.isPending

  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label="Show messages"
        data={FILTERS}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        size="md"
        // At 16 px "Archived" needs more than a quarter of a 320 px screen: on a phone the segments
        // take their own widths, with less padding, instead of equal shares.
        styles={small ? { label: { paddingInline: 8 } } : undefined}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <Box component="section" aria-labelledby="messages-heading">
        <Title order={2} size="h3" id="messages-heading" mb="md" ref={headingRef} tabIndex={-1}>
          {HEADINGS[filter]}
        </Title>
        {messages.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text>Loading messages...</Text>
          </Group>
        ) : messages.isError ? (
          <Alert color="red" variant="light" title="The messages could not be loaded">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Check the connection and try again.</Text>
              <Button variant="default" onClick={() => messages.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dark.6">{EMPTY[filter]}</Text>
        ) : (
          <Stack gap="md">
            <ul className={classes.list} data-testid="messages-list">
              {items.map((message) => (
                <li
                  key={message.id}
                  className={classes.messageRow}
                  data-status={message.status}
                  data-testid="message-row"
                >
                  <div className={classes.messageMain}>
                    <button
                      type="button"
                      id={openButtonId(message.id)}
                      className={classes.openButton}
                      onClick={() => openMessage(message)}
                    >
                      {message.subject}
                    </button>
                    <Text size="sm" c="dark.6" className={classes.wrap}>
                      {message.name} · {message.email}
                    </Text>
                  </div>
                  <div className={classes.messageMeta}>
                    <Text size="sm" c="dark.6" component="time" dateTime={isoString(message.createdAt)}>
                      {formatDateTime(message.createdAt)}
                    </Text>
                    <MessageStatusBadge status={message.status} />
                    <NoticeBadge notice={message.notice} />
                  </div>
                </li>
              ))}
            </ul>
            {messages.hasNextPage ? (
              <Button
                variant="default"
                style={{ alignSelf: 'flex-start' }}
                loading={messages.isFetchingNextPage}
                onClick={() => {
                  focusFromIndex.current = items.length
                  void messages.fetchNextPage()
                }}
              >
                Load more
              </Button>
            ) : null}
          </Stack>
        )}
      </Box>

      <Modal
        opened={dialogOpen}
        onClose={close}
        onExitTransitionEnd={restoreFocus}
        returnFocus={false}
        title={shown?.subject}
        size="lg"
        fullScreen={Boolean(small)}
        closeButtonProps={{ 'aria-label': 'Close message' }}
        styles={{ title: { overflowWrap: 'anywhere', minWidth: 0, fontWeight: 700 } }}
      >
        {shown ? (
          <Stack gap="md" data-testid="message-dialog">
            <Stack gap={4}>
              <Text className={classes.wrap}>
                <Text span fw={600}>
                  From:
                </Text>{' '}
                {shown.name} ({shown.email})
              </Text>
              <Text>
                <Text span fw={600}>
                  Received:
                </Text>{' '}
                <time dateTime={isoString(shown.createdAt)}>{formatDateTime(shown.createdAt)}</time>
              </Text>
              <Group gap="xs">
                <Text span fw={600}>
                  State:
                </Text>
                <MessageStatusBadge status={shown.status} />
                <NoticeBadge notice={shown.notice} />
              </Group>
            </Stack>
            <div className={classes.messageText} data-testid="message-text">
              {shown.message}
            </div>
            {confirmingDelete ? (
              <Alert
                color="red"
                variant="light"
                title="Delete this message for good?"
                data-testid="delete-confirmation"
              >
                <Stack gap="sm">
                  <Text size="sm">
                    The message, with the sender’s name and e-mail address, is removed from the database. This cannot be
                    undone. Use it when the sender asks to be forgotten; to clear the list, archive the message instead.
                  </Text>
                  <Group gap="sm">
                    <Button
                      ref={keepButton}
                      variant="default"
                      disabled={remove.isPending}
                      onClick={() => setConfirmingDelete(false)}
                    >
                      Keep the message
                    </Button>
                    <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: shown.id })}>
                      Yes, delete for good
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Group gap="sm">
                <Button component="a" href={replyHref(shown)}>
                  Reply
                </Button>
                <Button
                  variant="default"
                  loading={setStatus.isPending}
                  disabled={busy && !setStatus.isPending}
                  onClick={() =>
                    setStatus.mutate({ id: shown.id, status: shown.status === 'archived' ? 'read' : 'archived' })
                  }
                >
                  {shown.status === 'archived' ? 'Restore' : 'Archive'}
                </Button>
                <Button
                  ref={deleteButton}
                  variant="outline"
                  color="red"
                  disabled={busy}
                  onClick={() => setConfirmingDelete(true)}
                >
                  Delete for good
                </Button>
              </Group>
            )}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  )
}
