import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { STANDARD_KINDS } from '../../../shared/constants'
import { CHANGE_SUMMARY_MAX, DocumentInputSchema, STANDARD_BODY_MAX } from '../../../shared/schemas/standards'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'

type Values = {
  number: string
  title: string
  kind: (typeof STANDARD_KINDS)[number]
  version: string
  changeSummary: string
  body: string
}

const EMPTY: Values = { number: '', title: '', kind: 'guide', version: '1.0', changeSummary: '', body: '' }

type Props = { onCreated: (key: string, version: string) => void; onCancel: () => void }

/**
 * A new document with its first draft (its number is its own for life). It is the editors' alone
 * until the draft goes to public review, like any draft.
 */
export function NewDocumentForm({ onCreated, onCancel }: Props) {
  const trpc = useTRPC()
  const form = useAdminForm<Values>(DocumentInputSchema, EMPTY)
  const first = useRef<HTMLInputElement>(null)
  // The form replaced the button that opened it: the focus follows, or it would fall to the page.
  useEffect(() => first.current?.focus(), [])
  const create = useAdminMutation(trpc.standards.createDocument.mutationOptions(), {
    refresh: [trpc.standards.pathKey()],
    form: { setErrors: form.setErrors },
    success: (created) => `${created.number} created, with draft ${created.version}`,
    failure: (_variables, error) => refusalOf(error) ?? 'The document could not be created',
    onSuccess: (created) => onCreated(created.key, created.version),
  })
  const values = form.getValues()

  return (
    <form
      noValidate
      aria-labelledby="new-document-heading"
      data-testid="new-document-form"
      onSubmit={form.onSubmit((input) => create.mutate(input), focusFirstError)}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="new-document-heading">
          New document
        </Title>
        <TextInput
          ref={first}
          label="Document number"
          description="Its number for life, such as MHBOT-SC/G-007"
          required
          maw={320}
          classNames={fieldClasses}
          {...form.getInputProps('number')}
        />
        <TextInput label="Title" required classNames={fieldClasses} {...form.getInputProps('title')} />
        <NativeSelect
          label="Kind"
          data={STANDARD_KINDS.map((kind) => ({ value: kind, label: kind[0]?.toUpperCase() + kind.slice(1) }))}
          maw={320}
          classNames={fieldClasses}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label="First version"
          required
          maw={240}
          classNames={fieldClasses}
          {...form.getInputProps('version')}
        />
        <CountedTextarea
          label="Change summary"
          hint="What this first version is"
          required
          rows={[2, 6]}
          max={CHANGE_SUMMARY_MAX}
          value={values.changeSummary}
          {...form.getInputProps('changeSummary')}
        />
        <CountedTextarea
          label="Text"
          hint="Markdown: ## for a section heading; the sections are what comments are made on"
          required
          rows={[8, 24]}
          max={STANDARD_BODY_MAX}
          value={values.body}
          {...form.getInputProps('body')}
        />
        <Group gap="sm">
          <Button type="submit" loading={create.isPending}>
            Create the document and its draft
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
