import { ActionIcon, Group } from '@mantine/core'
import { PencilIcon, TrashIcon } from './icons'

type Props = {
  /** What the row is called, for the buttons' names: "Edit {name}", "Delete {name}". */
  name: string
  onEdit: () => void
  onDelete: () => void
  /** The row's delete is in flight. */
  deleting?: boolean
}

/** A row's Edit and Delete: 44 px targets, 12 px apart, so a thumb cannot hit Delete when it means Edit. */
export function RowActions({ name, onEdit, onDelete, deleting = false }: Props) {
  return (
    <Group gap={12} wrap="nowrap">
      <ActionIcon variant="light" size={44} aria-label={`Edit ${name}`} onClick={onEdit}>
        <PencilIcon />
      </ActionIcon>
      <ActionIcon
        variant="light"
        color="red"
        size={44}
        aria-label={`Delete ${name}`}
        loading={deleting}
        onClick={onDelete}
      >
        <TrashIcon />
      </ActionIcon>
    </Group>
  )
}

/** What a list of records hands each row: its Edit and Delete, and which record's delete is in flight. */
export type RecordActions<Row> = {
  deletingId: number | null
  onEdit: (row: Row) => void
  onDelete: (row: Row) => void
}

/** The delete half of a record's row actions, from its confirmed delete (useConfirmedDelete). */
export const deleteActions = <Row,>(remove: { deletingId: unknown; ask: (row: Row) => void }) => ({
  deletingId: remove.deletingId as number | null,
  onDelete: remove.ask,
})

/** A record's Edit and Delete, named by `name` (its title). */
export function RecordRowActions<Row extends { id: number }>({
  row,
  name,
  deletingId,
  onEdit,
  onDelete,
}: RecordActions<Row> & { row: Row; name: string }) {
  return (
    <RowActions
      name={name}
      deleting={deletingId === row.id}
      onEdit={() => onEdit(row)}
      onDelete={() => onDelete(row)}
    />
  )
}
