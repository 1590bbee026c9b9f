import { Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { checkContact } from '../../shared/form-rules'
import { CONTACT_SUCCESS } from '../../shared/form-texts'
import { focusFirstError } from '../lib/focus-first-error'
import { FormNotice, useFormPost } from '../lib/form-post'
import { WANTS_CODE } from '../lib/intent'
import { usePublicForm } from '../lib/public-form'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'
import { Honeypot, SubmitButton } from './form-parts'
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
