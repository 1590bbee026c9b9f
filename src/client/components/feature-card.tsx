import { Card, type StyleProp, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { ResponsiveGrid } from './responsive-grid'

type FeatureCardProps = {
  /**
   * What the round badge above the title shows, such as a step number or a bullet. It is decoration,
   * hidden from screen readers.
   */
  icon?: ReactNode
  title: string
  text?: string
  'data-testid'?: string
  /** Anything more, below the title and text. */
  children?: ReactNode
}

/**
 * A round badge. Through its CSS variable, not the `radius` prop: ThemeIcon (Mantine 9.7) also passes
 * that prop on to its <div> as an attribute, which is not valid HTML.
 */
const roundIcon = () => ({ root: { '--ti-radius': 'var(--mantine-radius-xl)' } })

/** A bordered card headed by an h3: one benefit, value, step, guideline or standard. */
export function FeatureCard({ icon, title, text, 'data-testid': testId, children }: FeatureCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      {icon === undefined ? null : (
        <ThemeIcon size="lg" variant="light" vars={roundIcon} aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
      <Title order={3} size="h4" mt={icon === undefined ? undefined : 'md'}>
        {title}
      </Title>
      {text === undefined ? null : (
        <Text mt="xs" c="dark.6" lh={1.6}>
          {text}
        </Text>
      )}
      {children}
    </Card>
  )
}

type FeatureGridProps = {
  items: readonly { title: string; text: string }[]
  cols: StyleProp<number>
  /** The icon of the card at this position, e.g. its step number. */
  icon: (index: number) => ReactNode
  cardTestId?: string
}

/** A grid of icon cards, one for each title and text. */
export function FeatureGrid({ items, cols, icon, cardTestId }: FeatureGridProps) {
  return (
    <ResponsiveGrid cols={cols} mt="xl" spacing="lg">
      {items.map((item, index) => (
        <FeatureCard key={item.title} icon={icon(index)} title={item.title} text={item.text} data-testid={cardTestId} />
      ))}
    </ResponsiveGrid>
  )
}
