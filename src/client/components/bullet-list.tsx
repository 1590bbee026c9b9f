import { List, type ListProps } from '@mantine/core'

type BulletListProps = Omit<ListProps, 'children'> & {
  /** The items' text; each is also its item's key, so no two may be the same. */
  items: readonly string[]
}

/** A bulleted list of plain sentences. */
export function BulletList({ items, ...listProps }: BulletListProps) {
  return (
    <List {...listProps}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  )
}
