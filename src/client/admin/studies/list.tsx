import { Group, Stack, Text } from '@mantine/core'
import { AdminList, type ListQuery } from '../ui/list'
import classes from '../ui/lists.module.css'
import { type RecordActions, RecordRowActions } from '../ui/row-actions'
import type { Study } from './types'

type Props = RecordActions<Study> & { list: ListQuery<Study> }

const rowId = (study: Study) => `study-${study.id}`

/** 'Existing Studies': a scrollable list of cards with edit and delete buttons. */
export function StudyList({ list, ...actions }: Props) {
  return (
    <AdminList
      heading={{ title: 'Existing Studies', id: 'existing-heading' }}
      search={{ description: 'Title, authors or journal' }}
      list={list}
      noun="studies"
      empty="No studies added yet."
      focusId={rowId}
      scroll="always"
    >
      {(study) => (
        <li key={study.id} id={rowId(study)} tabIndex={-1} className={classes.card} data-testid="admin-study-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} className={classes.wrap}>
              <Text fw={700}>{study.title}</Text>
              {study.authors ? (
                <Text size="sm" c="dark.6">
                  {study.authors}
                </Text>
              ) : null}
              {study.journal ? (
                <Text size="sm" c="dark.6" fs="italic">
                  {study.journal}
                  {study.year ? ` (${study.year})` : ''}
                </Text>
              ) : null}
              <Text size="sm" c="dark.6">
                Category: {study.category}
              </Text>
            </Stack>
            <RecordRowActions row={study} name={study.title} {...actions} />
          </Group>
        </li>
      )}
    </AdminList>
  )
}
