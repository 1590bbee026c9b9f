import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { Fragment, type ReactNode } from 'react'
import { DISCLAIMER_TEXT } from '../../content/facts'
import { FOOTER_LINE_LINKS, FOOTER_QUICK_LINKS } from '../../shared/nav'
import { useSite } from '../lib/site'
import { ResponsiveGrid } from './responsive-grid'

export function SiteFooter() {
  const site = useSite()
  const year = new Date().getFullYear()
  return (
    <Box component="footer" bg="dark.8" c="gray.3" pt={56} pb={32} mt={0}>
      <Container size="lg">
        <ResponsiveGrid cols={{ base: 1, sm: 3 }} spacing={40}>
          <FooterColumn title={site.name}>
            <Text size="sm" lh={1.7}>
              An independent standards council for mild hyperbaric oxygen as a wellness practice. We publish safety
              protocols, equipment expectations and plain-language education for practitioners, facility operators,
              manufacturers and the public.
            </Text>
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
              {DISCLAIMER_TEXT}
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
