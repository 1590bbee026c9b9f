import { Button, Card, CloseButton, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core'
import type { FormEvent } from 'react'
import { RESOURCE_CATEGORIES } from '../../../shared/constants'
import { AttachmentField } from '../ui/attachment'
import fieldClasses from '../ui/fields.module.css'
import type { RecordEditor } from '../ui/record-editor'
import type { Resource, ResourceValues } from './screen'

type Props = {
  editor: RecordEditor<Resource, ResourceValues>
  busy: boolean
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
}

/** 'Add New Resource', or 'Edit Resource' with a cancel button while editing. */
export function ResourceFormCard({ editor, busy, onSubmit }: Props) {
  const { form, editing } = editor
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="resource-form-heading"
      id="resource-form"
      style={{ scrollMarginTop: 'calc(var(--header-height) + 16px)' }}
    >
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h3" id="resource-form-heading">
          {editing ? 'Edit Resource' : 'Add New Resource'}
        </Title>
        {editing ? <CloseButton aria-label="Cancel editing" onClick={editor.toAddMode} /> : null}
      </Group>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            classNames={fieldClasses}
            ref={editor.titleRef}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={8}
            classNames={fieldClasses}
            {...form.getInputProps('description')}
          />
          <Select
            label="Category"
            required
            placeholder="Select a category"
            data={[...RESOURCE_CATEGORIES]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            classNames={fieldClasses}
            {...form.getInputProps('category')}
          />
          <AttachmentField
            attachment={editor.attachment}
            label="File"
            placeholder="Choose a file"
            current={editor.current}
            required={!editor.current}
          />
          <Button type="submit" disabled={busy} loading={busy} mt="sm">
            {editing ? 'Update Resource' : 'Add Resource'}
          </Button>
        </Stack>
      </form>
    </Card>
  )
}
