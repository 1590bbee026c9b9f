import { Anchor, Card, Container, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { TEXT_LIMITS } from '../../shared/constants'
import { checkTestimonial, TESTIMONIAL_CONSENT_STATEMENT, testimonialSubmission } from '../../shared/form-rules'
import { TESTIMONIAL_SUCCESS } from '../../shared/form-texts'
import { DisclaimerBox } from '../components/disclaimer-box'
import { Honeypot, RequiredCheckbox, SubmitButton } from '../components/form-parts'
import { PageHero } from '../components/page-hero'
import { PrivacyNote } from '../components/privacy-note'
import { ResponsiveGrid } from '../components/responsive-grid'
import { focusFirstError } from '../lib/focus-first-error'
import { FormNotice, useFormPost } from '../lib/form-post'
import { WANTS_CODE } from '../lib/intent'
import { usePublicForm } from '../lib/public-form'
import { routeHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/share-your-experience')({
  head: routeHead({
    title: 'Share Your Experience',
    description:
      'Tell the mHBOT Standards Council about your experience of mild hyperbaric sessions. Every testimonial is reviewed before it appears on the site.',
    path: '/share-your-experience',
  }),
  // ?sent=1: where a testimonial posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
  validateSearch: (search: Record<string, unknown>): { sent?: 1 } => (String(search.sent) === '1' ? { sent: 1 } : {}),
  component: ShareExperiencePage,
})

const EMPTY = { name: '', location: '', testimonial: '', consent: false, website: '' }

function ShareExperiencePage() {
  return (
    <>
      <PageHero title="Share Your Experience">
        Have you used mild hyperbaric sessions? Tell the council what they were like for you.
      </PageHero>
      <Container size="lg" py={56}>
        <ResponsiveGrid template={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }} spacing={40}>
          <div>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="before-heading">
              <Title order={2} size="h3" id="before-heading">
                Before You Write
              </Title>
              <Stack gap="sm" mt="md">
                <Text>
                  Every testimonial is read by the council before it appears. Only approved testimonials are published
                  on the site, with the name and location you give. A first name alone is enough, and the location is
                  optional.
                </Text>
                <Text>
                  The council publishes people’s experiences of mild hyperbaric sessions as a wellness practice, not
                  medical claims. Please describe your own experience rather than a diagnosis, treatment or cure.
                </Text>
                <Text>
                  If you later want your testimonial taken down, write to us through the{' '}
                  <Anchor component={Link} to="/contact">
                    contact page
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Card>
          </div>
          <div>
            <ShareExperienceForm />
          </div>
        </ResponsiveGrid>
      </Container>
      <DisclaimerBox />
    </>
  )
}

function ShareExperienceForm() {
  const trpc = useTRPC()
  const { form, formRef, mutation, notice } = usePublicForm({
    initialValues: EMPTY,
    validate: checkTestimonial,
    success: TESTIMONIAL_SUCCESS,
    failure: 'Failed to send your experience. Please try again.',
    post: useFormPost('testimonial'),
    done: Route.useSearch().sent === 1,
  })
  const send = useMutation(trpc.testimonials.submit.mutationOptions(mutation))

  return (
    <Card withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby="share-form-heading">
      <Title order={2} size="h3" id="share-form-heading">
        Your Experience
      </Title>
      <FormNotice notice={notice} />
      {/* Without JavaScript the browser posts it to the API, which answers with a page (decision 030). */}
      <form
        ref={formRef}
        {...WANTS_CODE}
        method="post"
        action="/api/testimonials"
        onSubmit={form.onSubmit((values) => send.mutate(testimonialSubmission(values)), focusFirstError)}
        noValidate
      >
        {/* size="md": text under 16 px makes phones zoom into the field on focus. */}
        <Stack gap="sm" mt="md">
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
        </Stack>
      </form>
    </Card>
  )
}
