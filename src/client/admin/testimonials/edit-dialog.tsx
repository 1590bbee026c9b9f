import { Button, Group, Modal, Stack } from '@mantine/core'
import { TestimonialPatchSchema } from '../../../shared/schemas/testimonial'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { useAdminForm } from '../ui/form'
import { useAdminMutation } from '../ui/mutation'
import { TestimonialFields } from './fields'
import type { Testimonial } from './types'

type FormProps = { testimonial: Testimonial; onClose: () => void }

/** Corrections to one the council entered (a typo, a detail the author asked to drop); a visitor's are not editable. */
function EditTestimonialForm({ testimonial, onClose }: FormProps) {
  const trpc = useTRPC()
  const form = useAdminForm(TestimonialPatchSchema, {
    name: testimonial.name,
    location: testimonial.location ?? '',
    testimonial: testimonial.testimonial,
  })
  const update = useAdminMutation(trpc.testimonials.update.mutationOptions(), {
    refresh: [trpc.testimonials.pathKey()],
    success: 'Testimonial updated',
    failure: 'Failed to update testimonial',
    form,
    onSuccess: onClose,
  })
  return (
    <form
      onSubmit={form.onSubmit(
        (values) => update.mutate({ id: testimonial.id, patch: TestimonialPatchSchema.parse(values) }),
        focusFirstError,
      )}
      noValidate
    >
      <Stack gap="sm">
        <TestimonialFields form={form} editing />
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

type Props = {
  /** Kept after closing, so the closing animation still shows it; `opening` makes a new form each time. */
  editing: { item: Testimonial; opening: number } | null
  opened: boolean
  onClose: () => void
}

export function EditTestimonialDialog({ editing, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Edit Testimonial"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* A new form for every opening: nothing typed before and then cancelled comes back. */}
      {editing ? <EditTestimonialForm key={editing.opening} testimonial={editing.item} onClose={onClose} /> : null}
    </Modal>
  )
}
