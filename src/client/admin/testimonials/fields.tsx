import { Textarea, TextInput } from '@mantine/core'
import type { AdminForm } from '../ui/form'
import type { TestimonialValues } from './types'

/**
 * The author's name, location and words: one set of fields for adding a testimonial and for
 * editing one the council entered. size="md": text under 16 px makes phones zoom into a field.
 */
export function TestimonialFields<Values extends TestimonialValues>({
  form,
  editing = false,
}: {
  form: AdminForm<Values>
  /** In the edit dialog: the name takes the focus, and long words scroll inside the box. */
  editing?: boolean
}) {
  return (
    <>
      <TextInput
        label="Name"
        size="md"
        required
        data-autofocus={editing || undefined}
        {...form.getInputProps('name')}
      />
      <TextInput label="Location" size="md" description="Optional" {...form.getInputProps('location')} />
      <Textarea
        label="Testimonial"
        size="md"
        required
        autosize
        minRows={4}
        maxRows={editing ? 14 : undefined}
        {...form.getInputProps('testimonial')}
      />
    </>
  )
}
