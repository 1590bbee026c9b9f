import { Anchor, Card, Container, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { checkContact } from '../../shared/form-rules'
import { CONTACT_SUCCESS } from '../../shared/form-texts'
import { phoneHref } from '../../shared/site'
import { BulletList } from '../components/bullet-list'
import { DisclaimerBox } from '../components/disclaimer-box'
import { Honeypot, SubmitButton } from '../components/form-parts'
import { PageHero } from '../components/page-hero'
import { PrivacyNote } from '../components/privacy-note'
import { ResponsiveGrid } from '../components/responsive-grid'
import { focusFirstError } from '../lib/focus-first-error'
import { FormNotice, useFormPost } from '../lib/form-post'
import { WANTS_CODE } from '../lib/intent'
import { usePublicForm } from '../lib/public-form'
import { routeHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/contact')({
  head: routeHead({
    title: 'Contact Us',
    description:
      'Contact the mHBOT Standards Council about safety standards, educational resources, facility operator support or partnerships.',
    path: '/contact',
  }),
  // ?sent=1: where a message posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
  // The server reads the address's parameters as text, the router as JSON: 1 either way.
  validateSearch: (search: Record<string, unknown>): { sent?: 1 } => (String(search.sent) === '1' ? { sent: 1 } : {}),
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
        <ResponsiveGrid template={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }} spacing={40}>
          <div>
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
                    {phoneHref(site.phone) ? (
                      <Anchor href={phoneHref(site.phone) ?? undefined}>{site.phone}</Anchor>
                    ) : (
                      <Text c="dark.6">{site.phone}</Text>
                    )}
                  </div>
                  <div>
                    <Text fw={700}>Website</Text>
                    <Anchor href={site.website}>{site.website.replace(/^https?:\/\//, '')}</Anchor>
                  </div>
                  {site.postalAddress ? (
                    <div>
                      <Text fw={700}>Postal address</Text>
                      <Text c="dark.6" component="address" fs="normal" style={{ whiteSpace: 'pre-line' }}>
                        {site.postalAddress}
                      </Text>
                    </div>
                  ) : null}
                </Stack>
              </Card>
              <section aria-labelledby="topics-heading">
                <Title order={2} size="h3" id="topics-heading">
                  Common Inquiry Topics
                </Title>
                <BulletList items={TOPICS} mt="md" spacing="xs" />
              </section>
            </Stack>
          </div>
          <div>
            <ContactForm />
          </div>
        </ResponsiveGrid>
      </Container>
      <DisclaimerBox />
    </>
  )
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
