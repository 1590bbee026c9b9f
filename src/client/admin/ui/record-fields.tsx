import { Select, TextInput, type TextInputProps } from '@mantine/core'
import type { RefObject } from 'react'
import fieldClasses from './fields.module.css'
import type { AdminForm } from './form'

/** The fields every record beside a list has (studies, resources), wired to its editor's form. */
type Editor<Values> = { form: AdminForm<Values>; titleRef: RefObject<HTMLInputElement | null> }

/** The required title, which takes the focus when editing starts. */
export function TitleField<Values extends { title: string }>({
  editor,
  ...props
}: { editor: Editor<Values> } & Pick<TextInputProps, 'description' | 'inputWrapperOrder'>) {
  return (
    <TextInput
      label="Title"
      required
      ref={editor.titleRef}
      classNames={fieldClasses}
      {...props}
      {...editor.form.getInputProps('title')}
    />
  )
}

/** A record's required category, one of the shared list (studies' four, resources' three). */
export function CategoryField<Values extends { category: string | null }>({
  editor,
  categories,
}: {
  editor: Editor<Values>
  categories: readonly string[]
}) {
  return (
    <Select
      label="Category"
      required
      placeholder="Select a category"
      data={[...categories]}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      classNames={fieldClasses}
      {...editor.form.getInputProps('category')}
    />
  )
}
