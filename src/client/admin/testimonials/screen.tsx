import { Text } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { useConfirmedDelete } from '../ui/confirm'
import { BesideList } from '../ui/editor-card'
import { PAGED, pendingId } from '../ui/list'
import { useAdminMutation } from '../ui/mutation'
import { useListSearch } from '../ui/search'
import { AddTestimonialCard } from './add-card'
import { EditTestimonialDialog } from './edit-dialog'
import { TestimonialList } from './list'
import type { Testimonial } from './types'

/**
 * The testimonials screen: every testimonial, those waiting for review first; approve, unapprove
 * and delete each, edit those the council entered; and a form for one received by other means.
 */
export function TestimonialsScreen() {
  const trpc = useTRPC()
  const q = useListSearch()
  const all = useInfiniteQuery(trpc.testimonials.all.infiniteQueryOptions({ q }, PAGED))
  const pending = useQuery(trpc.testimonials.countPending.queryOptions())
  // Each dialog keeps its testimonial after closing, so the closing animation still shows it.
  const [editing, setEditing] = useState<{ item: Testimonial; opening: number } | null>(null)
  const [editOpen, setEditOpen] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The list is re-sorted after an approval (pending first), which moves the card and drops the
  // keyboard focus; the toggled button takes it back once the new order is shown.
  const [refocus, setRefocus] = useState<{ id: number; token: number } | null>(null)

  // testimonials.*: this list, the count in the navigation, and the public list (a client-side
  // visit to the home page afterwards must not show cached cards).
  const refresh = [trpc.testimonials.pathKey()]
  const approval = useAdminMutation(trpc.testimonials.update.mutationOptions(), {
    refresh,
    success: (row) =>
      row.isApproved
        ? 'Testimonial approved; it now appears on the site'
        : 'Testimonial unapproved; it no longer appears on the site',
    failure: (variables) =>
      variables.patch.isApproved ? 'Failed to approve testimonial' : 'Failed to unapprove testimonial',
    afterRefresh: (row) => setRefocus((previous) => ({ id: row.id, token: (previous?.token ?? 0) + 1 })),
  })
  const remove = useConfirmedDelete<Testimonial>(trpc.testimonials.remove.mutationOptions(), {
    refresh,
    success: 'Testimonial deleted',
    failure: 'Failed to delete testimonial',
    title: 'Delete Testimonial?',
    confirmLabel: 'Delete',
    body: (item) => (
      <Text>
        The testimonial from {item.name} will be deleted for good. If it is published, it disappears from the site. This
        cannot be undone.
      </Text>
    ),
    fallbackFocus: headingRef,
  })

  return (
    <>
      <BesideList
        listFirst
        list={
          <TestimonialList
            list={all}
            pending={pending.data}
            headingRef={headingRef}
            busyId={pendingId(approval)}
            refocus={refocus}
            onToggleApproval={(item) => approval.mutate({ id: item.id, patch: { isApproved: !item.isApproved } })}
            onEdit={(item) => {
              setEditing((previous) => ({ item, opening: (previous?.opening ?? 0) + 1 }))
              setEditOpen(true)
            }}
            onDelete={remove.ask}
          />
        }
        form={<AddTestimonialCard />}
      />
      <EditTestimonialDialog editing={editing} opened={editOpen} onClose={() => setEditOpen(false)} />
      {remove.dialog}
    </>
  )
}
