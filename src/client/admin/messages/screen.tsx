import { SegmentedControl } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { MessageStatus } from '../../../shared/constants'
import { useTRPC } from '../../lib/trpc'
import { AdminList, PAGED } from '../ui/list'
import { useAdminMutation } from '../ui/mutation'
import { useListSearch } from '../ui/search'
import { MessageDialog } from './dialog'
import { MessageRow, openButtonId } from './row'
import type { Message } from './types'

type Filter = MessageStatus | 'all'

/**
 * "All" first and by default: opening a new message makes it read, and under a "New" filter it
 * would vanish from the list the moment it was read. The new ones stand out and come first anyway.
 */
const FILTERS: Record<Filter, { label: string; heading: string; empty: string }> = {
  all: { label: 'All', heading: 'All messages', empty: 'No messages yet.' },
  new: { label: 'New', heading: 'New messages', empty: 'No new messages.' },
  read: { label: 'Read', heading: 'Read messages', empty: 'No read messages.' },
  archived: { label: 'Archived', heading: 'Archived messages', empty: 'No archived messages.' },
}
const SEGMENTS = Object.entries(FILTERS).map(([value, { label }]) => ({ value, label }))

/** The messages screen: the contact form's submissions, newest first, a page at a time. */
export function MessagesScreen() {
  const trpc = useTRPC()
  const small = useMediaQuery('(max-width: 36em)')
  const q = useListSearch()
  const [filter, setFilter] = useState<Filter>('all')
  const shown = FILTERS[filter]
  const [message, setMessage] = useState<Message | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const messages = useInfiniteQuery(
    trpc.messages.list.infiniteQueryOptions({ status: filter === 'all' ? undefined : filter, q }, PAGED),
  )

  // The list and the navigation's count of new ones (messages.*), and the activity log, change with a message;
  // the dialog closes once the list is fetched again, so the focus returns to a row that exists.
  const refresh = [trpc.messages.pathKey()]
  const close = () => setDialogOpen(false)
  const setStatus = useAdminMutation(trpc.messages.setStatus.mutationOptions(), {
    refresh,
    success: (changed) => (changed.status === 'archived' ? 'Message archived' : 'Message restored'),
    failure: (variables) =>
      variables.status === 'archived' ? 'Failed to archive message' : 'Failed to restore message',
    onSuccess: (changed) => setMessage(changed),
    afterRefresh: close,
  })
  const remove = useAdminMutation(trpc.messages.remove.mutationOptions(), {
    refresh,
    success: 'Message deleted for good',
    failure: 'Failed to delete message',
    afterRefresh: close,
  })
  // Opening marks a new message read: a change that shows itself, so no toast.
  const open = useAdminMutation(trpc.messages.open.mutationOptions(), {
    refresh,
    failure: 'Failed to open message',
    onSuccess: (fresh) => setMessage((current) => (current?.id === fresh.id ? fresh : current)),
  })

  const openMessage = (chosen: Message) => {
    setMessage(chosen)
    setDialogOpen(true)
    open.mutate({ id: chosen.id })
  }

  /** Back to the row that opened the dialog, or to the list's heading when that row has left the list. */
  const restoreFocus = () => {
    const row = message ? document.getElementById(openButtonId(message)) : null
    setMessage(null)
    ;(row ?? headingRef.current)?.focus()
  }

  return (
    <>
      <AdminList
        heading={{ title: shown.heading, id: 'messages-heading', ref: headingRef }}
        filters={
          <SegmentedControl
            aria-label="Show messages"
            data={SEGMENTS}
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            size="md"
            // At 16 px "Archived" needs more than a quarter of a 320 px screen: on a phone the segments
            // take their own widths, with less padding, instead of equal shares.
            styles={small ? { label: { paddingInline: 8 } } : undefined}
            style={{ alignSelf: 'flex-end', maxWidth: '100%', flex: '0 1 auto' }}
          />
        }
        search={{ description: 'Sender, address, subject or words' }}
        list={messages}
        noun="messages"
        empty={shown.empty}
        focusId={openButtonId}
        data-testid="messages-list"
      >
        {(row) => <MessageRow key={row.id} message={row} onOpen={() => openMessage(row)} />}
      </AdminList>
      <MessageDialog
        message={message}
        opened={dialogOpen}
        busy={{ archiving: setStatus.isPending, deleting: remove.isPending }}
        onClose={close}
        onClosed={restoreFocus}
        onArchive={(current) =>
          setStatus.mutate({ id: current.id, status: current.status === 'archived' ? 'read' : 'archived' })
        }
        onDelete={(current) => remove.mutate({ id: current.id })}
      />
    </>
  )
}
