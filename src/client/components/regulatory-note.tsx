import { Paper, type PaperProps, Text, Title } from '@mantine/core'
import { REGULATORY_NOTE } from '../../content/passages'

/** The neutral note on how regulators and the clinical field see chambers and oxygen (the position statement says the same). */
export function RegulatoryNote(props: PaperProps) {
  return (
    <Paper
      component="aside"
      aria-labelledby="regulation-heading"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      maw={820}
      data-testid="regulatory-note"
      {...props}
    >
      <Title order={3} size="h4" id="regulation-heading">
        How regulators see it
      </Title>
      <Text mt="xs" c="dark.7" lh={1.7}>
        {REGULATORY_NOTE}
      </Text>
    </Paper>
  )
}
