import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { phoneHref } from '../../shared/site'
import { useSite } from '../lib/site'
import { PageSection } from './page-section'

/** "Questions or inquiries?": the council's e-mail and website, and a way to the contact form. */
export function ContactInquiryBlock() {
  const site = useSite()
  const websiteLabel = site.website.replace(/^https?:\/\//, '').replace(/\/$/, '')
  // A number only: the words "Available upon request" are for the contact page.
  const phone = phoneHref(site.phone)

  return (
    <PageSection headingId="inquiry-heading" bg="gray.0" data-testid="contact-inquiry-block">
      <Stack gap="md" maw={760}>
        <Title order={2} id="inquiry-heading">
          Questions or Inquiries?
        </Title>
        <Text c="dark.7" size="lg" lh={1.6}>
          We welcome questions about our standards, educational materials, facility guidance and partnership
          opportunities.
        </Text>
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
