import { Button, Card, Checkbox, Stack, Text, Title } from '@mantine/core'
import { AdminTestimonialInputSchema, TESTIMONIAL_CONSENT_STATEMENT } from '../../../shared/schemas/testimonial'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { useAdminForm } from '../ui/form'
import { useAdminMutation } from '../ui/mutation'
import { TestimonialFields } from './fields'
import type { TestimonialValues } from './types'

const EMPTY: TestimonialValues & { consent: boolean; isApproved: boolean } = {
  name: '',
  location: '',
  testimonial: '',
  consent: false,
  isApproved: false,
}

/** One the council received by e-mail or letter; recorded only with the author's consent. */
export function AddTestimonialCard() {
  const trpc = useTRPC()
  const form = useAdminForm(AdminTestimonialInputSchema, EMPTY)
  const create = useAdminMutation(trpc.testimonials.create.mutationOptions(), {
    refresh: [trpc.testimonials.pathKey()],
    success: (row) => (row.isApproved ? 'Testimonial added and published' : 'Testimonial added; it waits for review'),
    failure: 'Failed to add testimonial',
    form,
    onSuccess: () => form.reset(),
  })

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
        <Stack gap="sm" mt="md">
          <TestimonialFields form={form} />
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
