import type { StyleProp } from '@mantine/core'
import type { PageSectionView } from '../lib/page-content'
import { cardIcon } from './card-icons'
import { FeatureCard } from './feature-card'
import { Prose } from './prose'
import { ResponsiveGrid } from './responsive-grid'

/**
 * A section's cards, each its title and the council's text (docs/decisions/055-pages-as-content.md):
 * numbered (a step, a protocol), with its title's icon (a benefit, a value), or plain.
 */
export function ContentCards({
  items,
  cols,
  icon,
  cardTestId,
  textGap = 'xs',
}: {
  items: PageSectionView['items']
  cols: StyleProp<number>
  icon?: 'number' | 'title'
  cardTestId?: string
  /** The space between a card's title and its text (a list wants more). */
  textGap?: 'xs' | 'md'
}) {
  return (
    <ResponsiveGrid cols={cols} mt="xl" spacing="lg">
      {items.map((item, index) => (
        <FeatureCard
          // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id; a card's place is its number
          key={index}
          icon={icon === 'number' ? index + 1 : icon === 'title' ? cardIcon(item.title) : undefined}
          title={item.title}
          data-testid={cardTestId}
        >
          <Prose html={item.html} variant="card" mt={textGap} />
        </FeatureCard>
      ))}
    </ResponsiveGrid>
  )
}
