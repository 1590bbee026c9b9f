import { Text } from '@mantine/core'
import type { RefObject } from 'react'
import { AdminList, type ListQuery } from '../ui/list'
import { TestimonialItem, testimonialRowId } from './item'
import type { Testimonial } from './types'

type Props = {
  list: ListQuery<Testimonial>
  /** How many wait for review, all of them (not only those loaded or found). */
  pending: number | undefined
  headingRef: RefObject<HTMLHeadingElement | null>
  /** The testimonial whose approval change is in flight. */
  busyId: number | null
  refocus: { id: number; token: number } | null
  onToggleApproval: (item: Testimonial) => void
  onEdit: (item: Testimonial) => void
  onDelete: (item: Testimonial) => void
}

/** 'All Testimonials': those waiting for review first, then newest first. */
export function TestimonialList({ list, pending, headingRef, busyId, refocus, ...actions }: Props) {
  return (
    <AdminList
      heading={{ title: 'All Testimonials', id: 'testimonials-heading', ref: headingRef }}
      search={{ description: 'Name, location or words' }}
      aside={
        pending === undefined ? null : (
          <Text c="dark.6" mb="md" data-testid="pending-count">
            {pending === 0 ? 'None waiting for review.' : `${pending} waiting for review.`}
          </Text>
        )
      }
      list={list}
      noun="testimonials"
      focusId={testimonialRowId}
    >
      {(item) => (
        <TestimonialItem
          key={item.id}
          item={item}
          busy={busyId === item.id}
          refocusToken={refocus?.id === item.id ? refocus.token : 0}
          onToggleApproval={() => actions.onToggleApproval(item)}
          onEdit={() => actions.onEdit(item)}
          onDelete={() => actions.onDelete(item)}
        />
      )}
    </AdminList>
  )
}
