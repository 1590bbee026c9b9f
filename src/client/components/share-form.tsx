import { Textarea, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { TEXT_LIMITS } from '../../shared/constants'
import { checkTestimonial, TESTIMONIAL_CONSENT_STATEMENT, testimonialSubmission } from '../../shared/form-rules'
import { TESTIMONIAL_SUCCESS } from '../../shared/form-texts'
import { focusFirstError } from '../lib/focus-first-error'
import { useFormPost } from '../lib/form-post'
import { usePublicForm } from '../lib/public-form'
import { useTRPC } from '../lib/trpc'
import { Honeypot, PublicFormCard, RequiredCheckbox, SubmitButton } from './form-parts'
import { PrivacyNote } from './privacy-note'

/*
 * The testimonial form of /share-your-experience, a chunk of its own that comes when the visitor
 * approaches the form (docs/decisions/059-forms-hydrate-on-approach.md). Without JavaScript, and until
 * its code is here, the browser posts it to the API, which answers with a page (decision 030).
 */

const EMPTY = { name: '', location: '', testimonial: '', consent: false, website: '' }

export function ShareExperienceForm() {
  const trpc = useTRPC()
  const { form, formRef, mutation, notice } = usePublicForm({
    initialValues: EMPTY,
    validate: checkTestimonial,
    success: TESTIMONIAL_SUCCESS,
    failure: 'Failed to send your experience. Please try again.',
    post: useFormPost('testimonial'),
    done: useSearch({ strict: false }).sent === 1,
  })
  const send = useMutation(trpc.testimonials.submit.mutationOptions(mutation))

  return (
    // size="md" on the fields: text under 16 px makes phones zoom into the field on focus.
    <PublicFormCard
      headingId="share-form-heading"
      title="Your Experience"
      notice={notice}
      formRef={formRef}
      action="/api/testimonials"
      onSubmit={form.onSubmit((values) => send.mutate(testimonialSubmission(values)), focusFirstError)}
    >
      <TextInput label="Name" size="md" required autoComplete="name" {...form.getInputProps('name')} />
      <TextInput
        label="Location"
        size="md"
        description="Optional, for example a city or region"
        autoComplete="address-level2"
        {...form.getInputProps('location')}
      />
      <Textarea
        label="Your experience"
        size="md"
        required
        autosize
        minRows={6}
        description={`At least 20 characters, at most ${TEXT_LIMITS.testimonial}.`}
        {...form.getInputProps('testimonial')}
      />
      <RequiredCheckbox label={TESTIMONIAL_CONSENT_STATEMENT} inputProps={form.getInputProps('consent')} />
      <Honeypot inputProps={form.getInputProps('website')} />
      <SubmitButton pending={send.isPending}>Submit Testimonial</SubmitButton>
      <PrivacyNote>
        Nothing is published before the council has reviewed it, and you can withdraw it at any time.
      </PrivacyNote>
    </PublicFormCard>
  )
}
