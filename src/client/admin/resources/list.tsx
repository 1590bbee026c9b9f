import { Anchor, Group, Stack, Text } from '@mantine/core'
import type { RefObject } from 'react'
import { StateBadge } from '../ui/badges'
import { AdminList, type ListQuery } from '../ui/list'
import classes from '../ui/lists.module.css'
import { type RecordActions, RecordRowActions } from '../ui/row-actions'
import type { Resource } from './types'

type Props = RecordActions<Resource> & {
  list: ListQuery<Resource>
  /** Focus lands here after a delete, since the button that had it is gone. */
  headingRef: RefObject<HTMLHeadingElement | null>
}

const rowId = (resource: Resource) => `resource-${resource.id}`

/** 'Existing Resources': cards, each with its file's link and edit and delete buttons. */
export function ResourceList({ list, headingRef, ...actions }: Props) {
  return (
    <AdminList
      heading={{ title: 'Existing Resources', id: 'existing-resources-heading', ref: headingRef }}
      search={{ description: 'Title or description' }}
      list={list}
      noun="resources"
      focusId={rowId}
      scroll="wide"
    >
      {(resource) => (
        <li
          key={resource.id}
          id={rowId(resource)}
          tabIndex={-1}
          className={classes.card}
          data-testid="admin-resource-card"
        >
          <Stack gap={6}>
            <Text fw={700} className={classes.wrap}>
              {resource.title}
            </Text>
            <Group gap="xs">
              <StateBadge tone="tag">{resource.category}</StateBadge>
              <Text size="sm" c="dark.6">
                {resource.fileType}
              </Text>
            </Group>
            {resource.description ? (
              <Text size="sm" c="dark.6" lineClamp={2} className={classes.wrap}>
                {resource.description}
              </Text>
            ) : null}
            {/* The buttons sit under the text, so on a phone the title keeps the card's whole width. */}
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Anchor
                href={resource.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                fw={600}
                aria-label={`Open ${resource.fileType}: ${resource.title} (opens in a new tab)`}
              >
                Open {resource.fileType}
              </Anchor>
              <RecordRowActions row={resource} name={resource.title} {...actions} />
            </Group>
          </Stack>
        </li>
      )}
    </AdminList>
  )
}
