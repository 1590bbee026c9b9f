import { Button, Group, Stack, TextInput, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { CHANGE_SUMMARY_MAX, DraftInputSchema } from '../../../shared/schemas/standards'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { StandardDocument } from './types'
import { fieldsUnder, nextMinor } from './versions'

type Values = { version: string; changeSummary: string }

type Props = { document: StandardDocument; onCreated: (version: string) => void; onCancel: () => void }

/** A new draft: its label (the next minor version, to change for a major one) and what it will change. */
export function NewDraftForm({ document, onCreated, onCancel }: Props) {
  const trpc = useTRPC()
  const form = useAdminForm<Values>(DraftInputSchema, { version: nextMinor(document.versions), changeSummary: '' })
  const first = useRef<HTMLInputElement>(null)
  // The form replaced the button that opened it: the focus follows, or it would fall to the page.
  useEffect(() => first.current?.focus(), [])
  const current = document.versions.find((version) => version.state === 'published')
  const create = useAdminMutation(trpc.standards.createDraft.mutationOptions(), {
    refresh: [trpc.standards.pathKey()],
    form: { setErrors: (errors) => form.setErrors(fieldsUnder('draft', errors)) },
    success: (created) => `Draft ${created.version} created`,
    failure: (_variables, error) => refusalOf(error) ?? 'Failed to create the draft',
    onSuccess: (created) => onCreated(created.version),
  })
  const id = `new-draft-${document.key}`
  const values = form.getValues()

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={form.onSubmit(
        (draft) =>
          create.mutate({
            number: document.key,
            draft: { version: draft.version, changeSummary: draft.changeSummary },
          }),
        focusFirstError,
      )}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${id}-heading`}>
          New draft of {document.number}
        </Title>
        <TextInput
          ref={first}
          label="Version"
          description="The next minor version; write 2.0 for a major revision"
          required
          maw={240}
          classNames={fieldClasses}
          {...form.getInputProps('version')}
        />
        <CountedTextarea
          label="Change summary"
          hint="What this version changes"
          required
          rows={[2, 6]}
          max={CHANGE_SUMMARY_MAX}
          value={values.changeSummary}
          {...form.getInputProps('changeSummary')}
        />
        <Group gap="sm">
          <Button type="submit" loading={create.isPending}>
            {current ? `Create from version ${current.version}` : 'Create the draft'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
