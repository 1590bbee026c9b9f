import { Box, Container, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { HEADER_HEIGHT_PX } from '../layout'
import { Prose } from './prose'

const HERO_PADDING_Y_PX = 56

/**
 * The band every content page opens with; it clears the fixed header. Its opening line is
 * `children`, or `html` where the line is the council's words (docs/decisions/055-pages-as-content.md).
 */
export function PageHero({ title, children, html }: { title: string; children?: ReactNode; html?: string }) {
  return (
    <Box
      component="section"
      pt={HEADER_HEIGHT_PX + HERO_PADDING_Y_PX}
      pb={HERO_PADDING_Y_PX}
      style={{ background: 'linear-gradient(135deg, #003a63 0%, #00538b 60%, #006daf 100%)' }}
      c="white"
    >
      <Container size="lg">
        <Title order={1} size="h1">
          {title}
        </Title>
        {html ? (
          <Prose html={html} variant="hero" fz="lg" mt="md" maw={760} lh={1.6} />
        ) : children ? (
          <Text size="lg" mt="md" maw={760} lh={1.6}>
            {children}
          </Text>
        ) : null}
      </Container>
    </Box>
  )
}
