import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'
import { ConfirmPanel } from '../ui/confirm'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { MessageStatusBadge, NoticeBadge } from './row'
import type { Message } from './types'

/**
 * A reply in the admin's own mail program. The address keeps its "@" (some mail programs do not
 * decode %40 in the recipient); everything else is percent-encoded, so a subject with "&" or "?"
 * cannot add headers of its own.
 */
export function replyHref(message: Pick<Message, 'email' | 'subject'>): string {
  const to = encodeURIComponent(message.email).replaceAll('%40', '@')
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`
}

type Props = {
  /** Stays set while the dialog fades out, so its content does not blank. */
  message: Message | null
  opened: boolean
  busy: { archiving: boolean; deleting: boolean }
  onClose: () => void
  /** After the fade-out: the focus goes back to the list. */
  onClosed: () => void
  onArchive: (message: Message) => void
  onDelete: (message: Message) => void
}

/** One message, whole: who sent it, when, its state, its words; reply, archive or restore, delete for good. */
export function MessageDialog({ message, opened, busy, onClose, onClosed, onArchive, onDelete }: Props) {
  const small = useMediaQuery('(max-width: 36em)')
  const [confirming, setConfirming] = useState(false)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const confirmShown = useRef(false)

  // The confirmation takes the place of the button that asked for it: when kept, the focus goes back there.
  useEffect(() => {
    if (!confirming && confirmShown.current) deleteButton.current?.focus()
    confirmShown.current = confirming
  }, [confirming])

  const closed = () => {
    confirmShown.current = false
    setConfirming(false)
    onClosed()
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={closed}
      returnFocus={false}
      title={message?.subject}
      size="lg"
      fullScreen={Boolean(small)}
      closeButtonProps={{ 'aria-label': 'Close message' }}
      styles={{ title: { overflowWrap: 'anywhere', minWidth: 0, fontWeight: 700 } }}
    >
      {message ? (
        <Stack gap="md" data-testid="message-dialog">
          <Stack gap={4}>
            <Text className={lists.wrap}>
              <Text span fw={600}>
                From:
              </Text>{' '}
              {message.name} ({message.email})
            </Text>
            <Text>
              <Text span fw={600}>
                Received:
              </Text>{' '}
              <AdminDate value={message.createdAt} />
            </Text>
            <Group gap="xs">
              <Text span fw={600}>
                State:
              </Text>
              <MessageStatusBadge status={message.status} />
              <NoticeBadge notice={message.notice} />
            </Group>
          </Stack>
          <div className={lists.visitorText} data-testid="message-text">
            {message.message}
          </div>
          {confirming ? (
            <ConfirmPanel
              title="Delete this message for good?"
              cancelLabel="Keep the message"
              confirmLabel="Yes, delete for good"
              busy={busy.deleting}
              onConfirm={() => onDelete(message)}
              onCancel={() => setConfirming(false)}
            >
              The message, with the sender’s name and e-mail address, is removed from the database. This cannot be
              undone. Use it when the sender asks to be forgotten; to clear the list, archive the message instead.
            </ConfirmPanel>
          ) : (
            <Group gap="sm">
              <Button component="a" href={replyHref(message)}>
                Reply
              </Button>
              <Button
                variant="default"
                loading={busy.archiving}
                disabled={busy.deleting}
                onClick={() => onArchive(message)}
              >
                {message.status === 'archived' ? 'Restore' : 'Archive'}
              </Button>
              <Button
                ref={deleteButton}
                variant="outline"
                color="red"
                disabled={busy.archiving || busy.deleting}
                onClick={() => setConfirming(true)}
              >
                Delete for good
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </Modal>
  )
}
