import { Badge, Card, type MantineSpacing, Skeleton, Stack, type StyleProp, Text, Title } from '@mantine/core'
import { type ReactNode, useId } from 'react'
import { CategoryTabs, categoryTabId } from './category-tabs'
import { ResponsiveGrid } from './responsive-grid'

type Props<T extends { id: number; category: string }> = {
  items: T[] | undefined
  loading: boolean
  categories: readonly string[]
  tabsLabel: string
  allLabel: string
  /** The count line under the tabs, e.g. '9 Studies Found'. */
  countLine: (count: number) => string
  placeholders: number
  columns: StyleProp<number>
  empty: { title: string; text: string }
  renderItem: (item: T) => ReactNode
  spacing?: MantineSpacing
  /** The chosen tab ('all' or a category), which the page keeps in its address. */
  category: string
  onCategoryChange: (category: string) => void
  /** The page's other query parameters, kept when a tab is used before the page's code runs. */
  carry?: Record<string, string | undefined>
  /** Shown between the tabs and the count line (a sort, a search). */
  toolbar?: ReactNode
}

/**
 * The research library and the resources page share this shape (docs/product.md#pages): category tabs
 * defaulting to 'all', a count line, 'Loading...' with placeholder cards, an empty state, and the
 * cards, filtered on the loaded list by category equality.
 */
export function CategoryLibrary<T extends { id: number; category: string }>(props: Props<T>) {
  const { category } = props
  const shown = (props.items ?? []).filter((item) => category === 'all' || item.category === category)
  const placeholderKeys = Array.from({ length: props.placeholders }, (_, n) => `placeholder-${n + 1}`)
  const panelId = useId()

  return (
    <>
      <CategoryTabs
        label={props.tabsLabel}
        allLabel={props.allLabel}
        categories={props.categories}
        value={category}
        onChange={props.onCategoryChange}
        carry={props.carry}
        panelId={panelId}
      />
      {props.toolbar}
      <div role="tabpanel" id={panelId} aria-labelledby={categoryTabId(panelId, props.categories, category)}>
        <Text mt="lg" fw={600} aria-live="polite" data-testid="count-line">
          {props.loading ? 'Loading...' : props.countLine(shown.length)}
        </Text>
        {props.loading ? (
          <ResponsiveGrid cols={props.columns} mt="md" spacing="lg" aria-hidden="true">
            {placeholderKeys.map((key) => (
              <Card key={key} withBorder padding="lg" radius="md" data-testid="placeholder-card">
                <Skeleton height={22} width="75%" />
                <Skeleton height={14} mt="md" width="55%" />
                <Skeleton height={50} mt="md" />
                <Skeleton height={30} mt="md" width="40%" />
              </Card>
            ))}
          </ResponsiveGrid>
        ) : shown.length === 0 ? (
          <Stack align="center" py={64} gap="xs" data-testid="empty-state">
            <Title order={2} size="h3">
              {props.empty.title}
            </Title>
            <Text c="dark.6">{props.empty.text}</Text>
          </Stack>
        ) : (
          <ResponsiveGrid
            cols={props.columns}
            mt="md"
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {shown.map((item) => props.renderItem(item))}
          </ResponsiveGrid>
        )}
      </div>
    </>
  )
}

type LibraryCardProps = {
  category: string
  title: string
  /** The card's anchor, which the site search links to (`/research#study-12`). */
  id: string
  'data-testid': string
  children: ReactNode
}

/** One item of a library, as a list item: its category badge and its title (an h2), then its details. */
export function LibraryCard({ category, title, id, 'data-testid': testId, children }: LibraryCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" component="li" id={id} data-testid={testId}>
      <Stack gap="xs" h="100%">
        <Badge variant="light" color="ocean" style={{ alignSelf: 'flex-start' }}>
          {category}
        </Badge>
        <Title order={2} size="h4" lh={1.35}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}
