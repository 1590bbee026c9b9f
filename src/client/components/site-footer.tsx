import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Fragment, type ReactNode } from 'react'
import { FOOTER_LINE_LINKS, FOOTER_QUICK_LINKS } from '../../shared/nav'
import { sectionOf } from '../lib/page-content'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'
import { Prose } from './prose'
import { ResponsiveGrid } from './responsive-grid'

/** The footer, its about text the council's words (the root route loads them with the site's identity). */
export function SiteFooter() {
  const trpc = useTRPC()
  const footer = useQuery(trpc.site.page.queryOptions({ key: 'footer' })).data
  return <SiteFooterView about={footer ? sectionOf(footer, 'about').html : ''} />
}

/** The footer with this about text: the page's, or a draft's in the admin's preview. */
export function SiteFooterView({ about }: { about: string }) {
  const site = useSite()
  const year = new Date().getFullYear()
  return (
    <Box component="footer" bg="dark.8" c="gray.3" pt={56} pb={32} mt={0}>
      <Container size="lg">
        <ResponsiveGrid cols={{ base: 1, sm: 3 }} spacing={40}>
          <FooterColumn title={site.name}>
            <Prose html={about} variant="hero" fz="sm" lh={1.7} data-testid="footer-about" />
          </FooterColumn>
          <FooterColumn title="Quick Links">
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {FOOTER_QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Anchor component={Link} to={link.to} activeOptions={{ exact: true }} c="gray.3" size="sm">
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </FooterColumn>
          <FooterColumn title="Medical Disclaimer">
            <Text size="sm" lh={1.7}>
              {site.disclaimer}
            </Text>
          </FooterColumn>
        </ResponsiveGrid>
        <Box mt={40} pt={24} style={{ borderTop: '1px solid var(--mantine-color-dark-5)' }}>
          <Text size="sm" ta="center">
            © {year} {site.name}. All rights reserved.
            {FOOTER_LINE_LINKS.map((link) => (
              <Fragment key={link.to}>
                {' · '}
                <Anchor component={Link} to={link.to} c="gray.3" size="sm">
                  {link.label}
                </Anchor>
              </Fragment>
            ))}
          </Text>
        </Box>
      </Container>
    </Box>
  )
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" c="white">
        {title}
      </Title>
      {children}
    </Stack>
  )
}
