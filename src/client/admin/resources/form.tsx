import { Textarea } from '@mantine/core'
import { RESOURCE_CATEGORIES } from '../../../shared/constants'
import { AttachmentField } from '../ui/attachment'
import { EditorCard, type RecordSave } from '../ui/editor-card'
import fieldClasses from '../ui/fields.module.css'
import type { RecordEditor } from '../ui/record-editor'
import { CategoryField, TitleField } from '../ui/record-fields'
import type { Resource, ResourceValues } from './types'

type Props = { editor: RecordEditor<Resource, ResourceValues>; save: RecordSave }

/** 'Add New Resource', or 'Edit Resource' with a cancel button while editing. */
export function ResourceFormCard({ editor, save }: Props) {
  const { form } = editor
  return (
    <EditorCard editor={editor} save={save} noun="Resource">
      <TitleField editor={editor} />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={8}
        classNames={fieldClasses}
        {...form.getInputProps('description')}
      />
      <CategoryField editor={editor} categories={RESOURCE_CATEGORIES} />
      <AttachmentField
        attachment={editor.attachment}
        label="File"
        placeholder="Choose a file"
        current={editor.current}
        required={!editor.current}
      />
    </EditorCard>
  )
}
