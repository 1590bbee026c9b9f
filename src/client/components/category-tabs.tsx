import { Tabs } from '@mantine/core'

/** 'all' plus each category, as keyboard-navigable tabs (arrow keys move, Enter/Space select). */
export function CategoryTabs({
  categories,
  value,
  onChange,
  allLabel,
  label,
}: {
  categories: readonly string[]
  value: string
  onChange: (value: string) => void
  allLabel: string
  label: string
}) {
  return (
    <Tabs
      value={value}
      onChange={(next) => onChange(next ?? 'all')}
      variant="pills"
      radius="xl"
      activateTabWithKeyboard
    >
      <Tabs.List aria-label={label} style={{ gap: 8 }}>
        <Tabs.Tab value="all">{allLabel}</Tabs.Tab>
        {categories.map((category) => (
          <Tabs.Tab key={category} value={category}>
            {category}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
}
