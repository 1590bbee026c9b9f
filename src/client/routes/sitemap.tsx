import { Anchor, Box, Container, List, Paper, Text, Title } from '@mantine/core'
import { createFileRoute, Link } from '@tanstack/react-router'
import {
  type NavLink,
  SITEMAP_ABOUT_SECTION,
  SITEMAP_MAIN_PAGES,
  SITEMAP_MORE,
  SITEMAP_PAGE_ONLY,
} from '../../shared/nav'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { ResponsiveGrid } from '../components/responsive-grid'
import { routeHead } from '../lib/seo'

export const Route = createFileRoute('/sitemap')({
  head: routeHead({
    title: 'Sitemap',
    description: 'Every page of the council’s website in one place.',
    path: '/sitemap',
  }),
  component: SitemapPage,
})

const GROUPS: { id: string; title: string; links: NavLink[] }[] = [
  { id: 'main-pages', title: 'Main Pages', links: SITEMAP_MAIN_PAGES },
  { id: 'about-section', title: 'About Section', links: SITEMAP_ABOUT_SECTION },
]

function SitemapPage() {
  return (
    <>
      <PageHero title="Sitemap">Every page of our website in one place.</PageHero>

      <Container size="lg" py={56}>
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {GROUPS.map((group) => (
            <Paper
              key={group.id}
              withBorder
              radius="md"
              p="xl"
              component="section"
              aria-labelledby={`sitemap-${group.id}`}
              data-testid={`sitemap-${group.id}`}
            >
              <Title order={2} size="h3" id={`sitemap-${group.id}`}>
                {group.title}
              </Title>
              <List mt="md" spacing="sm" size="lg">
                {group.links.map((link) => (
                  <List.Item key={link.to}>
                    <Anchor component={Link} to={link.to}>
                      {link.label}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Paper>
          ))}
        </ResponsiveGrid>

        <Text mt="lg" c="dark.6" data-testid="sitemap-more">
          Also on this site:{' '}
          {[...SITEMAP_MORE, ...SITEMAP_PAGE_ONLY].map((link, index) => (
            <span key={link.to}>
              {index > 0 ? ' · ' : ''}
              <Anchor component={Link} to={link.to} underline="always">
                {link.label}
              </Anchor>
            </span>
          ))}
        </Text>

        <Box component="section" mt={48} aria-labelledby="xml-sitemap-heading">
          <Title order={2} size="h3" id="xml-sitemap-heading">
            For Search Engines
          </Title>
          <Text mt="sm" c="dark.6" size="lg">
            A machine-readable list of our pages is available as an{' '}
            <Anchor href="/sitemap.xml" underline="always">
              XML sitemap
            </Anchor>
            .
          </Text>
        </Box>
      </Container>

      <DisclaimerBox />
    </>
  )
}
