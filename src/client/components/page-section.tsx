import { Box, Container, type MantineColor, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** Vertical padding of a section: the home page breathes more than the content pages. */
const PADDING_Y_PX = { page: 56, home: 72 } as const

type PageSectionProps = {
  /** Id of the section's h2; the section is labelled by it. */
  headingId: string
  /** Text of the h2. Leave it out when the children render the h2 themselves, with id={headingId}. */
  heading?: ReactNode
  /** A band of colour behind the section, from edge to edge. */
  bg?: MantineColor
  /** Text colour over a dark band. */
  c?: MantineColor
  size?: 'md' | 'lg'
  rhythm?: keyof typeof PADDING_Y_PX
  /** No top padding: the section runs on from the one above it, on the same background. */
  flushTop?: boolean
  'data-testid'?: string
  /** Left out of the site search's text of the page (src/server/services/page-text.ts). */
  'data-nosearch'?: boolean
  children: ReactNode
}

/** One band of a content page: a section named by its h2, in a centred container. */
export function PageSection({
  headingId,
  heading,
  bg,
  c,
  size = 'lg',
  rhythm = 'page',
  flushTop = false,
  'data-testid': testId,
  'data-nosearch': noSearch,
  children,
}: PageSectionProps) {
  const paddingY = PADDING_Y_PX[rhythm]
  const content = (
    <>
      {heading === undefined ? null : (
        <Title order={2} id={headingId}>
          {heading}
        </Title>
      )}
      {children}
    </>
  )
  // With no band to paint from edge to edge, the container itself is the section.
  if (bg === undefined) {
    return (
      <Container
        component="section"
        aria-labelledby={headingId}
        data-testid={testId}
        data-nosearch={noSearch}
        size={size}
        pt={flushTop ? undefined : paddingY}
        pb={paddingY}
        c={c}
      >
        {content}
      </Container>
    )
  }
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={testId} data-nosearch={noSearch} bg={bg} c={c}>
      <Container size={size} pt={flushTop ? undefined : paddingY} pb={paddingY}>
        {content}
      </Container>
    </Box>
  )
}
