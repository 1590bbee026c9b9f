import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import {
  AdminTestimonialInputSchema,
  TESTIMONIAL_CONSENT_STATEMENT,
  TestimonialPatchSchema,
} from '../../shared/schemas/testimonial'
import { focusFirstError } from '../lib/focus-first-error'
import { toast } from '../lib/toast'
import { type RouterOutputs, useTRPC } from '../lib/trpc'
import { zodValidate } from '../lib/zod-form'
import { useAdminFailureToast } from './session'

type Testimonial = RouterOutputs['testimonials']['all']['items'][number]

const EMPTY_NEW = { name: '', location: '', testimonial: '', consent: false, isApproved: false }

/** Long words (a pasted link, a name without spaces) wrap instead of pushing the page sideways. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** Filled badges in shades dark enough for white text at badge size (4.5:1 and more). */
const STATE_BADGE = {
  pending: { label: 'Pending review', color: '#9a3412' },
  published: { label: 'Published', color: 'teal.9' },
} as const

/**
 * The testimonials screen: every testimonial, those waiting for review first; approve, edit and
 * delete each; and a form for one the council received by other means.
 */
export function TestimonialsScreen() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const failed = useAdminFailureToast()
  const all = useQuery(trpc.testimonials.all.queryOptions({}))
  // Each modal keeps its testimonial after closing, so the closing animation still shows it.
  const [editing, setEditing] = useState<{ item: Testimonial; opening: number } | null>(null)
  const [editOpen, setEditOpen] = useState(false)
  const [deleting, setDeleting] = useState<Testimonial | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)
  // The list is re-sorted after an approval (pending first), which moves the card and drops the
  // keyboard focus; the toggled button takes it back once the new order is shown.
  const [refocus, setRefocus] = useState<{ id: number; token: number } | null>(null)

  // The public list too: a client-side visit to the home page afterwards must not show cached cards.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.testimonials.pathKey() })

  const approval = useMutation(
    trpc.testimonials.update.mutationOptions({
      onSuccess: async (row) => {
        toast({
          title: 'Success',
          message: row.isApproved
            ? 'Testimonial approved; it now appears on the site'
            : 'Testimonial unapproved; it no longer appears on the site',
          variant: 'success',
        })
        await refresh()
        setRefocus((previous) => ({ id: row.id, token: (previous?.token ?? 0) + 1 }))
      },
      onError: (error, variables) =>
        failed(error, variables.patch.isApproved ? 'Failed to approve testimonial' : 'Failed to unapprove testimonial'),
    }),
  )
  const remove = useMutation(
    trpc.testimonials.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', message: 'Testimonial deleted', variant: 'success' })
        setDeleteOpen(false)
        await refresh()
      },
      onError: (error) => failed(error, 'Failed to delete testimonial'),
    }),
  )

  const busyId = approval.isPending && typeof approval.variables?.id === 'number' ? approval.variables.id : null

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <TestimonialList
            items={all.data?.items}
            loading={all.isPending}
            failed={all.isError}
            onRetry={() => all.refetch()}
            busyId={busyId}
            refocus={refocus}
            onToggleApproval={(item) => approval.mutate({ id: item.id, patch: { isApproved: !item.isApproved } })}
            onEdit={(item) => {
              // A new form for every opening: nothing typed before and then cancelled comes back.
              setEditing((previous) => ({ item, opening: (previous?.opening ?? 0) + 1 }))
              setEditOpen(true)
            }}
            onDelete={(item) => {
              setDeleting(item)
              setDeleteOpen(true)
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AddTestimonialCard onAdded={refresh} />
        </Grid.Col>
      </Grid>
      <Modal
        opened={editOpen}
        onClose={() => setEditOpen(false)}
        title="Edit Testimonial"
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <EditTestimonialForm
            key={editing.opening}
            testimonial={editing.item}
            onClose={() => setEditOpen(false)}
            onSaved={refresh}
          />
        ) : null}
      </Modal>
      <Modal
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title="Delete Testimonial?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text style={WRAP_ANYWHERE}>
          The testimonial from {deleting?.name} will be deleted for good. If it is published, it disappears from the
          site. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setDeleteOpen(false)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => {
              if (deleting) remove.mutate({ id: deleting.id })
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  )
}

type ListProps = {
  items: Testimonial[] | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
  /** The testimonial whose approval change is in flight. */
  busyId: number | null
  refocus: { id: number; token: number } | null
  onToggleApproval: (item: Testimonial) => void
  onEdit: (item: Testimonial) => void
  onDelete: (item: Testimonial) => void
}

function TestimonialList({
  items = [],
  loading,
  failed,
  onRetry,
  busyId,
  refocus,
  onToggleApproval,
  onEdit,
  onDelete,
}: ListProps) {
  const pending = items.filter((item) => !item.isApproved).length
  return (
    <Box component="section" aria-labelledby="testimonials-heading">
      <Title order={2} size="h3" id="testimonials-heading">
        All Testimonials
      </Title>
      {loading ? (
        <Group gap="xs" mt="md" aria-live="polite">
          <Loader size="xs" />
          <Text>Loading testimonials...</Text>
        </Group>
      ) : failed ? (
        <Alert
          color="red"
          variant="light"
          title="The testimonials could not be loaded"
          mt="md"
          styles={{
            title: { color: 'var(--mantine-color-dark-8)' },
            message: { color: 'var(--mantine-color-dark-7)' },
          }}
        >
          <Text size="sm">Check the connection and try again.</Text>
          <Button variant="outline" color="red.9" size="xs" mt="sm" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dark.6" mt="md">
          No testimonials yet.
        </Text>
      ) : (
        <>
          <Text c="dark.6" mt="xs" data-testid="pending-count">
            {pending === 0 ? 'None waiting for review.' : `${pending} waiting for review.`}
          </Text>
          <Stack gap="sm" mt="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <TestimonialItem
                key={item.id}
                item={item}
                busy={busyId === item.id}
                refocusToken={refocus?.id === item.id ? refocus.token : 0}
                onToggleApproval={() => onToggleApproval(item)}
                onEdit={() => onEdit(item)}
                onDelete={() => onDelete(item)}
              />
            ))}
          </Stack>
        </>
      )}
    </Box>
  )
}

type ItemProps = {
  item: Testimonial
  busy: boolean
  /** Changes each time the approval button should take the focus back; 0 for never. */
  refocusToken: number
  onToggleApproval: () => void
  onEdit: () => void
  onDelete: () => void
}

function TestimonialItem({ item, busy, refocusToken, onToggleApproval, onEdit, onDelete }: ItemProps) {
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (refocusToken > 0) toggle.current?.focus()
  }, [refocusToken])
  const state = item.isApproved ? STATE_BADGE.published : STATE_BADGE.pending
  const headingId = `testimonial-${item.id}-name`
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="li"
      aria-labelledby={headingId}
      data-testid="admin-testimonial"
      data-state={item.isApproved ? 'published' : 'pending'}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" align="center">
          <Badge color={state.color} variant="filled" tt="none">
            {state.label}
          </Badge>
          <Title order={3} size="h5" id={headingId} style={WRAP_ANYWHERE}>
            {item.name}
          </Title>
        </Group>
        {item.location ? (
          <Text size="sm" c="dark.6" style={WRAP_ANYWHERE}>
            {item.location}
          </Text>
        ) : null}
        <Text style={{ ...WRAP_ANYWHERE, whiteSpace: 'pre-wrap' }}>{item.testimonial}</Text>
        <Text size="sm" c="dark.6">
          Received <time dateTime={item.createdAt.toISOString()}>{dateTime.format(item.createdAt)}</time>
          {' · '}
          {item.consentedAt ? (
            <>
              Consent recorded{' '}
              <time dateTime={item.consentedAt.toISOString()}>{dateTime.format(item.consentedAt)}</time>
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
          <Button size="sm" variant="light" onClick={onEdit} aria-label={`Edit the testimonial from ${item.name}`}>
            Edit
          </Button>
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
      </Stack>
    </Card>
  )
}

/** One the council received by e-mail or letter; recorded only with the author's consent. */
function AddTestimonialCard({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const trpc = useTRPC()
  const failed = useAdminFailureToast()
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY_NEW,
    validate: (values) => zodValidate(AdminTestimonialInputSchema)(values),
  })
  const create = useMutation(
    trpc.testimonials.create.mutationOptions({
      onSuccess: async (row) => {
        toast({
          title: 'Success',
          message: row.isApproved ? 'Testimonial added and published' : 'Testimonial added; it waits for review',
          variant: 'success',
        })
        form.reset()
        await onAdded()
      },
      onError: (error) => {
        if (error.data?.fields) form.setErrors(error.data.fields)
        failed(error, 'Failed to add testimonial')
      },
    }),
  )

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="add-testimonial-heading">
      <Title order={2} size="h3" id="add-testimonial-heading">
        Add Testimonial
      </Title>
      <Text size="sm" c="dark.6" mt="xs">
        For a testimonial the council received by other means, such as an e-mail or a letter.
      </Text>
      <form
        onSubmit={form.onSubmit((values) => create.mutate(AdminTestimonialInputSchema.parse(values)), focusFirstError)}
        noValidate
      >
        {/* size="md": text under 16 px makes phones zoom into the field on focus. */}
        <Stack gap="sm" mt="md">
          <TextInput label="Name" size="md" required {...form.getInputProps('name')} />
          <TextInput label="Location" size="md" description="Optional" {...form.getInputProps('location')} />
          <Textarea
            label="Testimonial"
            size="md"
            required
            autosize
            minRows={4}
            {...form.getInputProps('testimonial')}
          />
          <Checkbox
            label={TESTIMONIAL_CONSENT_STATEMENT}
            description="Tick only when the author agreed to this statement."
            size="md"
            required
            // Mantine ties the message to the box (aria-describedby) but does not mark the box invalid.
            aria-invalid={form.errors.consent ? true : undefined}
            {...form.getInputProps('consent', { type: 'checkbox' })}
          />
          <Checkbox
            label="Approve now: publish it on the site at once"
            size="md"
            {...form.getInputProps('isApproved', { type: 'checkbox' })}
          />
          <Button type="submit" loading={create.isPending} disabled={create.isPending} mt="xs">
            Add Testimonial
          </Button>
        </Stack>
      </form>
    </Card>
  )
}

type EditProps = { testimonial: Testimonial; onClose: () => void; onSaved: () => Promise<unknown> }

/** The author's name, location and words, corrected by an admin (a typo, a detail the author asked to drop). */
function EditTestimonialForm({ testimonial, onClose, onSaved }: EditProps) {
  const trpc = useTRPC()
  const failed = useAdminFailureToast()
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: testimonial.name,
      location: testimonial.location ?? '',
      testimonial: testimonial.testimonial,
    },
    validate: (values) => zodValidate(TestimonialPatchSchema)(values),
  })
  const update = useMutation(
    trpc.testimonials.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', message: 'Testimonial updated', variant: 'success' })
        onClose()
        await onSaved()
      },
      onError: (error) => {
        if (error.data?.fields) form.setErrors(error.data.fields)
        failed(error, 'Failed to update testimonial')
      },
    }),
  )

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => update.mutate({ id: testimonial.id, patch: TestimonialPatchSchema.parse(values) }),
        focusFirstError,
      )}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Name" size="md" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Location" size="md" description="Optional" {...form.getInputProps('location')} />
        <Textarea
          label="Testimonial"
          size="md"
          required
          autosize
          minRows={4}
          maxRows={14}
          {...form.getInputProps('testimonial')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
