import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import type { Testimonial } from './types'

export const testimonialRowId = (item: Pick<Testimonial, 'id'>) => `testimonial-${item.id}`

type Props = {
  item: Testimonial
  busy: boolean
  /** Changes each time the approval button should take the focus back; 0 for never. */
  refocusToken: number
  onToggleApproval: () => void
  onEdit: () => void
  onDelete: () => void
}

/**
 * One testimonial: its state, the author's name, place and words, where it came from and the
 * consent. A visitor's words are theirs: approve, unapprove or delete it, but only one the council
 * entered can be edited (the server refuses the rest with 409).
 */
export function TestimonialItem({ item, busy, refocusToken, onToggleApproval, onEdit, onDelete }: Props) {
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (refocusToken > 0) toggle.current?.focus()
  }, [refocusToken])
  const headingId = `${testimonialRowId(item)}-name`
  const fromVisitor = item.source === 'visitor'
  return (
    <li
      id={testimonialRowId(item)}
      tabIndex={-1}
      className={lists.card}
      aria-labelledby={headingId}
      data-testid="admin-testimonial"
      data-state={item.isApproved ? 'published' : 'pending'}
      data-attention={!item.isApproved || undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" align="center">
          <StateBadge tone={item.isApproved ? 'done' : 'waiting'}>
            {item.isApproved ? 'Published' : 'Pending review'}
          </StateBadge>
          <Title order={3} size="h5" id={headingId} className={lists.wrap}>
            {item.name}
          </Title>
        </Group>
        {item.location ? (
          <Text size="sm" c="dark.6" className={lists.wrap}>
            {item.location}
          </Text>
        ) : null}
        <Text className={lists.wrap} style={{ whiteSpace: 'pre-wrap' }}>
          {item.testimonial}
        </Text>
        <Text size="sm" c="dark.6">
          {fromVisitor ? 'Sent through the site' : 'Entered by the council'} <AdminDate value={item.createdAt} />
          {' · '}
          {item.consentedAt ? (
            <>
              Consent recorded <AdminDate value={item.consentedAt} />
            </>
          ) : (
            <Text span fw={700} c="red.9" size="sm">
              No consent recorded
            </Text>
          )}
        </Text>
        <Group gap="xs" wrap="wrap" mt={4}>
          <Button
            ref={toggle}
            size="sm"
            variant={item.isApproved ? 'default' : 'filled'}
            color={item.isApproved ? undefined : 'teal.9'}
            loading={busy}
            onClick={onToggleApproval}
            aria-label={`${item.isApproved ? 'Unapprove' : 'Approve'} the testimonial from ${item.name}`}
          >
            {item.isApproved ? 'Unapprove' : 'Approve'}
          </Button>
          {fromVisitor ? null : (
            <Button size="sm" variant="light" onClick={onEdit} aria-label={`Edit the testimonial from ${item.name}`}>
              Edit
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            color="red.9"
            onClick={onDelete}
            aria-label={`Delete the testimonial from ${item.name}`}
          >
            Delete
          </Button>
        </Group>
        {fromVisitor ? (
          <Text size="xs" c="dark.6">
            The visitor’s own words: they can be published or not, but not changed.
          </Text>
        ) : null}
      </Stack>
    </li>
  )
}
