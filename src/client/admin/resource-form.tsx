import {
  Anchor,
  Button,
  Card,
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
import type { FormEvent, ReactNode, Ref } from 'react'
import { ATTACHMENT_EXTENSIONS, RESOURCE_CATEGORIES } from '../../shared/constants'
import { ResourceInputSchema } from '../../shared/schemas/admin'
import { zodValidate } from '../lib/zod-form'
import classes from './resource-form.module.css'
import { type Resource, resourceFileName } from './resource-list'

type ResourceFormValues = {
  title: string
  description: string
  category: string | null
}

export const EMPTY_RESOURCE: ResourceFormValues = { title: '', description: '', category: null }

type ResourceForm = UseFormReturnType<ResourceFormValues>

/** The file is not a form value: it travels apart (uploaded first), so its id is checked at save time. */
const FieldsSchema = ResourceInputSchema.omit({ fileId: true })

/** The form's state, checked by the same schema the server parses with. */
export function useResourceForm(): ResourceForm {
  return useForm<ResourceFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_RESOURCE,
    validate: (values) => zodValidate(FieldsSchema)(values),
  })
}

export function resourceToFormValues(resource: Resource): ResourceFormValues {
  return { title: resource.title, description: resource.description ?? '', category: resource.category }
}

/** A resource being edited keeps its stored file unless another is chosen; a new one needs a file. */
export const needsFile = (editing: Resource | null) => !editing?.fileId

type Props = {
  form: ResourceForm
  editing: Resource | null
  file: File | null
  onFileChange: (file: File | null) => void
  /** A missing file, or the server's reason for refusing the chosen one. */
  fileError: string | null
  busy: boolean
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
  titleRef?: Ref<HTMLInputElement>
  fileRef?: Ref<HTMLButtonElement>
}

const ACCEPTED = 'PDF or Word (.pdf, .doc, .docx).'

function fileDescription(editing: Resource | null, file: File | null): ReactNode {
  if (!editing?.fileId) return ACCEPTED
  const current = (
    <Anchor href={editing.fileUrl} target="_blank" rel="noopener noreferrer" inherit className={classes.fileName}>
      {resourceFileName(editing)}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </Anchor>
  )
  return file ? (
    <>Replaces {current} when saved.</>
  ) : (
    <>
      Current file: {current}. Choose a file only to replace it. {ACCEPTED}
    </>
  )
}

/** 'Add New Resource', or 'Edit Resource' with a cancel button while editing. */
export function ResourceFormCard({
  form,
  editing,
  file,
  onFileChange,
  fileError,
  busy,
  onSubmit,
  onCancel,
  titleRef,
  fileRef,
}: Props) {
  const inputClasses = {
    wrapper: classes.wrapper,
    input: classes.input,
    description: classes.description,
    error: classes.error,
  }
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="resource-form-heading">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h3" id="resource-form-heading">
          {editing ? 'Edit Resource' : 'Add New Resource'}
        </Title>
        {editing ? <CloseButton aria-label="Cancel editing" onClick={onCancel} /> : null}
      </Group>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required classNames={inputClasses} ref={titleRef} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={8}
            classNames={inputClasses}
            {...form.getInputProps('description')}
          />
          <Select
            label="Category"
            required
            placeholder="Select a category"
            data={[...RESOURCE_CATEGORIES]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            classNames={inputClasses}
            {...form.getInputProps('category')}
          />
          <FileInput
            label="File"
            required={needsFile(editing)}
            placeholder="Choose a file"
            accept={ATTACHMENT_EXTENSIONS.join(',')}
            clearable
            value={file}
            onChange={onFileChange}
            error={fileError}
            description={fileDescription(editing, file)}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            clearButtonProps={{ 'aria-label': 'Clear chosen file' }}
            classNames={inputClasses}
            ref={fileRef}
          />
          <Button type="submit" disabled={busy} loading={busy} mt="sm">
            {editing ? 'Update Resource' : 'Add Resource'}
          </Button>
        </Stack>
      </form>
    </Card>
  )
}
