import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { phoneHref } from '../../shared/site'
import { useSite } from '../lib/site'
import { PageSection } from './page-section'
import { Prose } from './prose'

/**
 * "Questions or inquiries?": the council's words (a heading and a line, About's last section), its
 * e-mail and website from its settings, and a way to the contact form.
 */
export function ContactInquiryBlock({ heading, html }: { heading: string; html: string }) {
  const site = useSite()
  const websiteLabel = site.website.replace(/^https?:\/\//, '').replace(/\/$/, '')
  // A number only: the words "Available upon request" are for the contact page.
  const phone = phoneHref(site.phone)

  return (
    <PageSection headingId="inquiry-heading" bg="gray.0" data-testid="contact-inquiry-block">
      <Stack gap="md" maw={760}>
        <Title order={2} id="inquiry-heading">
          {heading}
        </Title>
        <Prose html={html} variant="lead" c="dark.7" lh={1.6} />
        <Stack gap={6}>
          <Text c="dark.7">
            <Text span fw={700}>
              E-mail:{' '}
            </Text>
            <Anchor href={`mailto:${site.email}`} underline="always">
              {site.email}
            </Anchor>
          </Text>
          {phone ? (
            <Text c="dark.7">
              <Text span fw={700}>
                Phone:{' '}
              </Text>
              <Anchor href={phone} underline="always">
                {site.phone}
              </Anchor>
            </Text>
          ) : null}
          <Text c="dark.7">
            <Text span fw={700}>
              Website:{' '}
            </Text>
            <Anchor href={site.website} underline="always">
              {websiteLabel}
            </Anchor>
          </Text>
        </Stack>
        <Group data-print-hide>
          <Button component={Link} to="/contact">
            Contact Us
          </Button>
        </Group>
      </Stack>
    </PageSection>
  )
}
