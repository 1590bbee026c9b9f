import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { phoneHref } from '../../shared/site'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { Prose } from '../components/prose'
import { ResponsiveGrid } from '../components/responsive-grid'
import { type PageView, sectionOf } from '../lib/page-content'
import { useSite } from '../lib/site'

/**
 * /contact, its words the council's (docs/decisions/055-pages-as-content.md) and its details the
 * council's settings; `form` is the message form (the route's), or what the admin's preview shows
 * in its place.
 */
export function ContactPageBody({ page, form }: { page: PageView; form: ReactNode }) {
  const site = useSite()
  const intro = sectionOf(page, 'intro')
  const info = sectionOf(page, 'info')
  const topics = sectionOf(page, 'topics')
  const phone = phoneHref(site.phone)
  return (
    <>
      <PageHero title="Contact Us" html={intro.html} />
      <Container size="lg" py={56}>
        <ResponsiveGrid template={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }} spacing={40}>
          <div>
            <Stack gap="xl">
              <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="contact-info-heading">
                <Title order={2} size="h3" id="contact-info-heading">
                  {info.heading}
                </Title>
                <Stack gap="sm" mt="md">
                  <div>
                    <Text fw={700}>Email</Text>
                    <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
                  </div>
                  <div>
                    <Text fw={700}>Phone</Text>
                    {phone ? <Anchor href={phone}>{site.phone}</Anchor> : <Text c="dark.6">{site.phone}</Text>}
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
                  {topics.heading}
                </Title>
                <Prose html={topics.html} variant="card" c="dark.9" mt="md" data-testid="contact-topics" />
              </section>
            </Stack>
          </div>
          <div>{form}</div>
        </ResponsiveGrid>
      </Container>
      <DisclaimerBox />
    </>
  )
}
