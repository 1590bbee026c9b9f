import { Button, Card, CloseButton, Grid, Group, Stack, Title } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'

type Props = {
  /** The form's state (its mode, and the card's id brought into view on a phone) and its save. */
  editor: { formId: string; editing: unknown; toAddMode: () => void }
  save: { busy: boolean; submit: (event?: FormEvent<HTMLFormElement>) => void }
  /** 'Add New Study' / 'Edit Study' */
  title: { add: string; edit: string }
  /** 'Add Study' / 'Update Study' */
  submit: { add: string; edit: string }
  children: ReactNode
}

/**
 * The add-or-edit form beside an admin list: its heading names the mode, a cancel (X) button while
 * editing, and the submit button disabled while the save (and its upload) is under way.
 */
export function EditorCard({ editor, save, title, submit, children }: Props) {
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
          {editing ? title.edit : title.add}
        </Title>
        {editing ? <CloseButton aria-label="Cancel editing" onClick={editor.toAddMode} /> : null}
      </Group>
      <form onSubmit={save.submit} noValidate>
        <Stack gap="sm">
          {children}
          <Button type="submit" disabled={save.busy} loading={save.busy} mt="sm">
            {editing ? submit.edit : submit.add}
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
  const formColumn = (
    <Grid.Col key="form" span={{ base: 12, md: 5 }}>
      {form}
    </Grid.Col>
  )
  const listColumn = (
    <Grid.Col key="list" span={{ base: 12, md: 7 }}>
      {list}
    </Grid.Col>
  )
  return <Grid gap="xl">{listFirst ? [listColumn, formColumn] : [formColumn, listColumn]}</Grid>
}
