import { Text, Textarea, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { STUDY_CATEGORIES } from '../../../shared/constants'
import { ResponsiveGrid } from '../../components/responsive-grid'
import { useTRPC } from '../../lib/trpc'
import { AttachmentField } from '../ui/attachment'
import { EditorCard, type RecordSave } from '../ui/editor-card'
import fieldClasses from '../ui/fields.module.css'
import type { RecordEditor } from '../ui/record-editor'
import { CategoryField, TitleField } from '../ui/record-fields'
import type { Study, StudyValues } from './types'

/**
 * A study with the same title, ignoring case and spaces around it (the one being edited aside).
 * The server is asked for the debounced title, but the answer is held against the title as it is
 * now, and the last answer is kept while the next one comes: a warning neither flashes for the
 * title just left (after Cancel editing) nor blinks out while the same title is asked again.
 */
function useSameTitle(title: string, editingId: number | null): Study | null {
  const trpc = useTRPC()
  const current = title.trim()
  const [typed] = useDebouncedValue(current, 400)
  const found = useQuery({
    ...trpc.researchStudies.adminList.queryOptions({ q: typed, limit: 20 }),
    enabled: typed.length >= 3,
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
  if (current.length < 3) return null
  const same = (study: Study) => study.title.trim().toLowerCase() === current.toLowerCase() && study.id !== editingId
  return found.data?.items.find(same) ?? null
}

type Props = { editor: RecordEditor<Study, StudyValues>; save: RecordSave }

/** 'Add New Study', or 'Edit Study' with a cancel button while editing. */
export function StudyFormCard({ editor, save }: Props) {
  const { form, editing } = editor
  const sameTitle = useSameTitle(form.getValues().title, editing?.id ?? null)
  return (
    <EditorCard editor={editor} save={save} noun="Study">
      <TitleField
        editor={editor}
        // A warning, not a refusal: two studies may share a title (a study and its follow-up).
        description={
          sameTitle ? (
            <Text span size="sm" c="orange.9" role="status" data-testid="same-title">
              A study titled “{sameTitle.title}” already exists.
            </Text>
          ) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TextInput label="Authors" classNames={fieldClasses} {...form.getInputProps('authors')} />
      <TextInput label="Journal" classNames={fieldClasses} {...form.getInputProps('journal')} />
      <TextInput
        label="Year"
        inputMode="numeric"
        maxLength={4}
        classNames={fieldClasses}
        {...form.getInputProps('year')}
      />
      {/* As the journal prints them; left empty when the study's record does not give them. */}
      <ResponsiveGrid cols={3} spacing="sm">
        <TextInput label="Volume" classNames={fieldClasses} {...form.getInputProps('volume')} />
        <TextInput label="Issue" classNames={fieldClasses} {...form.getInputProps('issue')} />
        <TextInput label="Pages" classNames={fieldClasses} {...form.getInputProps('pages')} />
      </ResponsiveGrid>
      <CategoryField editor={editor} categories={STUDY_CATEGORIES} />
      <TextInput
        label="URL"
        type="url"
        required
        placeholder="https://"
        classNames={fieldClasses}
        {...form.getInputProps('url')}
      />
      <Textarea label="Summary" rows={3} classNames={fieldClasses} {...form.getInputProps('summary')} />
      <AttachmentField
        attachment={editor.attachment}
        label="Attachment (PDF or Word)"
        placeholder="Choose a .pdf, .doc or .docx file"
        current={editor.current}
        removable
      />
    </EditorCard>
  )
}
