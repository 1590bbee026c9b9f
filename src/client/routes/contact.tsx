import { Anchor, Button, Card, Container, Grid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useRef } from 'react'
import { checkContact } from '../../shared/form-rules'
import { CONTACT_SUCCESS } from '../../shared/form-texts'
import { BulletList } from '../components/bullet-list'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PrivacyNote } from '../components/privacy-note'
import { focusFirstError } from '../lib/focus-first-error'
import { routeHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { toast } from '../lib/toast'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/contact')({
  head: routeHead({
    title: 'Contact Us',
    description:
      'Contact the mHBOT Standards Council about safety standards, educational resources, facility operator support or partnerships.',
    path: '/contact',
  }),
  component: ContactPage,
})

const TOPICS = [
  'Safety standards and protocol guidance',
  'Educational resources and materials',
  'Facility operator support',
  'General mHBOT information',
  'Partnership and collaboration opportunities',
]

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' }

function ContactPage() {
  const site = useSite()
  return (
    <>
      <PageHero title="Contact Us">
        Questions about standards, resources or partnerships? Write to the council and we will get back to you.
      </PageHero>
      <Container size="lg" py={56}>
        <Grid gap={40}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xl">
              <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="contact-info-heading">
                <Title order={2} size="h3" id="contact-info-heading">
                  Contact Information
                </Title>
                <Stack gap="sm" mt="md">
                  <div>
                    <Text fw={700}>Email</Text>
                    <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
                  </div>
                  <div>
                    <Text fw={700}>Phone</Text>
                    <Text c="dark.6">Available upon request</Text>
                  </div>
                  <div>
                    <Text fw={700}>Website</Text>
                    <Anchor href={site.website}>{site.website.replace(/^https?:\/\//, '')}</Anchor>
                  </div>
                </Stack>
              </Card>
              <section aria-labelledby="topics-heading">
                <Title order={2} size="h3" id="topics-heading">
                  Common Inquiry Topics
                </Title>
                <BulletList items={TOPICS} mt="md" spacing="xs" />
              </section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ContactForm />
          </Grid.Col>
        </Grid>
      </Container>
      <DisclaimerBox />
    </>
  )
}

function ContactForm() {
  const trpc = useTRPC()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    // The shared rules ContactInputSchema is built from, without zod; the server parses with the schema.
    validate: checkContact,
    validateInputOnBlur: true,
  })
  const send = useMutation(
    trpc.contact.submit.mutationOptions({
      onSuccess: () => {
        form.reset()
        toast({ ...CONTACT_SUCCESS, variant: 'success' })
      },
      onError: (error) => {
        // Should the server still refuse a field (it checks with the same schema), the field says why
        // and takes the focus.
        if (error.data?.fields) {
          form.setErrors(error.data.fields)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        }
        // A message the server wrote (the tRPC error shape carries data) is shown as it is. A failure
        // before the server answered (network down, a proxy's HTML error page) has only a transport
        // message such as a JSON parse error, so it gets the generic text instead.
        const serverMessage = error.data ? error.message : ''
        toast({
          title: 'Submission Failed',
          message: serverMessage || 'Failed to submit contact form. Please try again.',
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="form-heading">
      <Title order={2} size="h3" id="form-heading">
        Send Us a Message
      </Title>
      <form ref={formRef} onSubmit={form.onSubmit((values) => send.mutate(values), focusFirstError)} noValidate>
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
          {/* Honeypot: off-screen and hidden from assistive technology; people never fill it, bots do. */}
          <div
            aria-hidden="true"
            style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
          >
            <label>
              Leave this field empty
              <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
            </label>
          </div>
          <Button type="submit" disabled={send.isPending} mt="xs" style={{ alignSelf: 'flex-start' }}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
          <Text size="sm" c="dark.6">
            We typically reply within 2-3 business days. If your matter is urgent, please say so in the subject line.
          </Text>
          <PrivacyNote>We use your name, address and message only to answer you.</PrivacyNote>
        </Stack>
      </form>
    </Card>
  )
}
