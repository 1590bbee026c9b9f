import { Button, Card, CloseButton, Group, Stack, Title } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'
import { ResponsiveGrid } from '../../components/responsive-grid'

/** A record form's save: its submit, and whether it is under way (useRecordSave). */
export type RecordSave = { busy: boolean; submit: (event?: FormEvent<HTMLFormElement>) => void }

type Props = {
  /** The form's state (its mode, and the card's id brought into view on a phone) and its save. */
  editor: { formId: string; editing: unknown; toAddMode: () => void }
  save: RecordSave
  /** What the record is called, for 'Add New Study' / 'Edit Study' and 'Add Study' / 'Update Study'. */
  noun: string
  children: ReactNode
}

/**
 * The add-or-edit form beside an admin list: its heading names the mode, a cancel (X) button while
 * editing, and the submit button disabled while the save (and its upload) is under way.
 */
export function EditorCard({ editor, save, noun, children }: Props) {
  const id = editor.formId
  const editing = editor.editing !== null
  const headingId = `${id}-heading`
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      id={id}
      style={{ scrollMarginTop: 'calc(var(--header-height) + 16px)' }}
    >
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h3" id={headingId}>
          {editing ? `Edit ${noun}` : `Add New ${noun}`}
        </Title>
        {editing ? <CloseButton aria-label="Cancel editing" onClick={editor.toAddMode} /> : null}
      </Group>
      <form onSubmit={save.submit} noValidate>
        <Stack gap="sm">
          {children}
          <Button type="submit" disabled={save.busy} loading={save.busy} mt="sm">
            {editing ? `Update ${noun}` : `Add ${noun}`}
          </Button>
        </Stack>
      </form>
    </Card>
  )
}

/** The form and the list side by side from 62em (the form the narrower), one above the other below. */
export function BesideList({
  form,
  list,
  listFirst = false,
}: {
  form: ReactNode
  list: ReactNode
  listFirst?: boolean
}) {
  const formColumn = <div key="form">{form}</div>
  const listColumn = <div key="list">{list}</div>
  const wide = listFirst ? 'minmax(0, 7fr) minmax(0, 5fr)' : 'minmax(0, 5fr) minmax(0, 7fr)'
  return (
    <ResponsiveGrid template={{ base: 'minmax(0, 1fr)', md: wide }} spacing="xl">
      {listFirst ? [listColumn, formColumn] : [formColumn, listColumn]}
    </ResponsiveGrid>
  )
}
