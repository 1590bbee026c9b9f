import { Card, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'

type FeatureCardProps = {
  /** What the round badge above the title shows, such as a step number or a bullet. It is decoration, hidden from screen readers. */
  icon: ReactNode
  title: string
  text: string
  'data-testid'?: string
}

/** A bordered card with a round icon, an h3 and a short text: one benefit, value, pillar or step. */
export function FeatureCard({ icon, title, text, 'data-testid': testId }: FeatureCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <ThemeIcon size="lg" radius="xl" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4" mt="md">
        {title}
      </Title>
      <Text mt="xs" c="dark.6" lh={1.6}>
        {text}
      </Text>
    </Card>
  )
}
