import { Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { checkContact } from '../../shared/form-rules'
import { CONTACT_SUCCESS } from '../../shared/form-texts'
import { Honeypot, SubmitButton } from '../components/form-parts'
import { PrivacyNote } from '../components/privacy-note'
import { focusFirstError } from '../lib/focus-first-error'
import { FormNotice, useFormPost } from '../lib/form-post'
import { WANTS_CODE } from '../lib/intent'
import { contentPage, usePageContent } from '../lib/page-content'
import { usePublicForm } from '../lib/public-form'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'
import { ContactPageBody } from '../pages/contact'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md);
// its details are the council's settings, and the form is the specification's.
export const Route = createFileRoute('/contact')({
  ...contentPage('contact', { title: 'Contact Us', path: '/contact' }),
  // ?sent=1: where a message posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
  // The server reads the address's parameters as text, the router as JSON: 1 either way.
  validateSearch: (search: Record<string, unknown>): { sent?: 1 } => (String(search.sent) === '1' ? { sent: 1 } : {}),
  component: ContactPage,
})

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' }

function ContactPage() {
  const page = usePageContent('contact')
  return page ? <ContactPageBody page={page} form={<ContactForm />} /> : null
}

function ContactForm() {
  const site = useSite()
  const trpc = useTRPC()
  const { form, formRef, mutation, notice } = usePublicForm({
    initialValues: EMPTY,
    validate: checkContact,
    success: CONTACT_SUCCESS,
    failure: 'Failed to submit contact form. Please try again.',
    post: useFormPost('contact'),
    done: Route.useSearch().sent === 1,
  })
  const send = useMutation(trpc.contact.submit.mutationOptions(mutation))

  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="form-heading">
      <Title order={2} size="h3" id="form-heading">
        Send Us a Message
      </Title>
      <FormNotice notice={notice} />
      {/* Without JavaScript the browser posts it to the API, which answers with a page (decision 030). */}
      <form
        ref={formRef}
        {...WANTS_CODE}
        method="post"
        action="/api/contact"
        onSubmit={form.onSubmit((values) => send.mutate(values), focusFirstError)}
        noValidate
      >
        <Stack gap="sm" mt="md">
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label="Subject" required {...form.getInputProps('subject')} />
          <Textarea
            label="Message"
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
        </Stack>
      </form>
    </Card>
  )
}
