import { Text, Textarea, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { checkContact } from '../../shared/form-rules'
import { CONTACT_SUCCESS } from '../../shared/form-texts'
import { focusFirstError } from '../lib/focus-first-error'
import { useFormPost } from '../lib/form-post'
import { usePublicForm } from '../lib/public-form'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'
import { Honeypot, PublicFormCard, SubmitButton } from './form-parts'
import { PrivacyNote } from './privacy-note'

/*
 * The contact page's form, a chunk of its own that comes when the visitor approaches the form
 * (docs/decisions/059-forms-hydrate-on-approach.md). Without JavaScript, and until its code is here,
 * the browser posts it to the API, which answers with a page (decision 030).
 */

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' }

export function ContactForm() {
  const site = useSite()
  const trpc = useTRPC()
  const { form, formRef, mutation, notice } = usePublicForm({
    initialValues: EMPTY,
    validate: checkContact,
    success: CONTACT_SUCCESS,
    failure: 'Failed to submit contact form. Please try again.',
    post: useFormPost('contact'),
    done: useSearch({ strict: false }).sent === 1,
  })
  const send = useMutation(trpc.contact.submit.mutationOptions(mutation))

  return (
    // size="md" on the fields: text under 16 px makes phones zoom into the field on focus.
    <PublicFormCard
      headingId="form-heading"
      title="Send Us a Message"
      notice={notice}
      formRef={formRef}
      action="/api/contact"
      onSubmit={form.onSubmit((values) => send.mutate(values), focusFirstError)}
    >
      <TextInput label="Name" size="md" required autoComplete="name" {...form.getInputProps('name')} />
      <TextInput label="Email" size="md" type="email" required autoComplete="email" {...form.getInputProps('email')} />
      <TextInput label="Subject" size="md" required {...form.getInputProps('subject')} />
      <Textarea
        label="Message"
        size="md"
        required
        autosize
        minRows={6}
        styles={{ input: { minHeight: 150 } }}
        {...form.getInputProps('message')}
      />
      <Honeypot inputProps={form.getInputProps('website')} />
      <SubmitButton pending={send.isPending}>Send Message</SubmitButton>
      <Text size="sm" c="dark.6">
        {`We typically reply within ${site.replyTime}. If your matter is urgent, please say so in the subject line.`}
      </Text>
      <PrivacyNote>We use your name, address and message only to answer you.</PrivacyNote>
    </PublicFormCard>
  )
}
