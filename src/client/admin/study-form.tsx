import {
  Button,
  Card,
  Checkbox,
  CloseButton,
  FileInput,
  Group,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { type UseFormReturnType, useForm } from '@mantine/form'
import type { FormEvent, Ref } from 'react'
import { ATTACHMENT_EXTENSIONS, STUDY_CATEGORIES } from '../../shared/constants'
import { ResearchStudyInputSchema } from '../../shared/schemas/research-study'
import { zodValidate } from '../lib/zod-form'
import type { Study } from './study-list'

type StudyFormValues = {
  title: string
  authors: string
  journal: string
  year: string
  category: string | null
  url: string
  summary: string
}

export const EMPTY_STUDY: StudyFormValues = {
  title: '',
  authors: '',
  journal: '',
  year: '',
  category: null,
  url: '',
  summary: '',
}

type StudyForm = UseFormReturnType<StudyFormValues>

/** The form's state, checked by the same schema the server parses with. */
export function useStudyForm(): StudyForm {
  return useForm<StudyFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_STUDY,
    validate: (values) => zodValidate(ResearchStudyInputSchema)(values),
  })
}

export function studyToFormValues(study: Study): StudyFormValues {
  return {
    title: study.title,
    authors: study.authors ?? '',
    journal: study.journal ?? '',
    year: study.year ?? '',
    category: study.category,
    url: study.url,
    summary: study.summary ?? '',
  }
}

type Props = {
  form: StudyForm
  editing: Study | null
  file: File | null
  onFileChange: (file: File | null) => void
  /** Why the chosen file was refused (too large), or the server's reason for refusing the upload. */
  fileError: string | null
  /** The study's current attachment is to be removed on save. */
  removeAttachment: boolean
  onRemoveAttachmentChange: (remove: boolean) => void
  /** The largest file the server accepts, in MB. */
  uploadMaxMb: number
  titleRef?: Ref<HTMLInputElement>
  busy: boolean
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
}

/** 'Add New Study', or 'Edit Study' with a cancel button while editing. */
export function StudyFormCard({
  form,
  editing,
  file,
  onFileChange,
  fileError,
  removeAttachment,
  onRemoveAttachmentChange,
  uploadMaxMb,
  titleRef,
  busy,
  onSubmit,
  onCancel,
}: Props) {
  const hasAttachment = Boolean(editing?.attachmentUrl) && !file
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="study-form-heading"
      id="study-form"
      style={{ scrollMarginTop: 'calc(var(--header-height) + 16px)' }}
    >
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="study-form-heading">
          {editing ? 'Edit Study' : 'Add New Study'}
        </Title>
        {editing ? <CloseButton aria-label="Cancel editing" onClick={onCancel} /> : null}
      </Group>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required ref={titleRef} {...form.getInputProps('title')} />
          <TextInput label="Authors" {...form.getInputProps('authors')} />
          <TextInput label="Journal" {...form.getInputProps('journal')} />
          <TextInput label="Year" inputMode="numeric" maxLength={4} {...form.getInputProps('year')} />
          <Select
            label="Category"
            required
            placeholder="Select a category"
            data={[...STUDY_CATEGORIES]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
          <TextInput label="URL" type="url" required placeholder="https://" {...form.getInputProps('url')} />
          <Textarea label="Summary" rows={3} {...form.getInputProps('summary')} />
          <FileInput
            label="Attachment (PDF or Word)"
            placeholder="Choose a .pdf, .doc or .docx file"
            accept={ATTACHMENT_EXTENSIONS.join(',')}
            clearable
            value={file}
            onChange={onFileChange}
            error={fileError}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            description={
              hasAttachment && !removeAttachment
                ? `This study already has an attachment; choose a file to replace it. PDF or Word, up to ${uploadMaxMb} MB.`
                : `PDF or Word, up to ${uploadMaxMb} MB.`
            }
            clearButtonProps={{ 'aria-label': 'Clear chosen file' }}
          />
          {hasAttachment ? (
            <Checkbox
              label="Remove the current attachment when saving"
              checked={removeAttachment}
              onChange={(event) => onRemoveAttachmentChange(event.currentTarget.checked)}
            />
          ) : null}
          <Button type="submit" disabled={busy} loading={busy} mt="sm">
            {editing ? 'Update Study' : 'Add Study'}
          </Button>
        </Stack>
      </form>
    </Card>
  )
}
