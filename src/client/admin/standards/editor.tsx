import { Button, Group, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { z } from 'zod'
import {
  CHANGE_SUMMARY_MAX,
  ChangeSummarySchema,
  STANDARD_BODY_MAX,
  StandardBodySchema,
} from '../../../shared/schemas/standards'
import { ResponsiveGrid } from '../../components/responsive-grid'
import { focusFirstError } from '../../lib/focus-first-error'
import { type RouterOutputs, useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import { useAdminForm } from '../ui/form'
import { MarkdownPreview } from '../ui/markdown-preview'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import { QueryState } from '../ui/query-state'
import type { StandardDocument, StandardVersion } from './types'
import { fieldsUnder } from './versions'

/** Both fields are sent on every save, so the form needs both; the server's patch takes either. */
const EditSchema = z.object({ changeSummary: ChangeSummarySchema, body: StandardBodySchema })
type Values = { changeSummary: string; body: string }
type Loaded = RouterOutputs['standards']['adminVersion']

const UNSAVED = 'This version has unsaved changes. Leave without saving them?'

type Props = { document: StandardDocument; version: StandardVersion; onClose: () => void }

/** A draft's or a review's text and change summary, with the page's own rendering beside it. */
export function VersionEditor(props: Props) {
  const trpc = useTRPC()
  const loaded = useQuery(
    trpc.standards.adminVersion.queryOptions({ number: props.document.key, version: props.version.version }),
  )
  return (
    <QueryState
      query={loaded}
      loading="Loading the text..."
      failed="The text could not be loaded"
      empty=""
      isEmpty={() => false}
    >
      {(data) => <EditorForm {...props} loaded={data} />}
    </QueryState>
  )
}

function EditorForm({ document, version, loaded, onClose }: Props & { loaded: Loaded }) {
  const trpc = useTRPC()
  const form = useAdminForm<Values>(EditSchema, { changeSummary: loaded.changeSummary, body: loaded.body })
  const values = form.getValues()
  const id = `edit-${document.key}-${version.version}`
  const first = useRef<HTMLTextAreaElement>(null)
  // The editor replaced the button that opened it (or the new draft's form): the focus follows.
  useEffect(() => first.current?.focus(), [])

  useBlocker({
    shouldBlockFn: () => form.isDirty() && !window.confirm(UNSAVED),
    enableBeforeUnload: () => form.isDirty(),
  })

  const save = useAdminMutation(trpc.standards.updateVersion.mutationOptions(), {
    refresh: [trpc.standards.pathKey()],
    form: { setErrors: (errors) => form.setErrors(fieldsUnder('patch', errors)) },
    success: `Version ${version.version} saved`,
    failure: (_variables, error) => refusalOf(error) ?? `Failed to save version ${version.version}`,
    onSuccess: (saved) => {
      const stored = { changeSummary: saved.changeSummary, body: saved.body }
      // The server trims what it stores: the form shows that, or it would stay "unsaved" for a
      // trailing blank line and ask before every navigation. What was typed during the save stays.
      const now = form.getValues()
      if (now.body.trim() === stored.body && now.changeSummary.trim() === stored.changeSummary) form.setValues(stored)
      form.resetDirty(stored)
    },
  })

  const close = () => {
    if (form.isDirty() && !window.confirm(UNSAVED)) return
    onClose()
  }

  return (
    <form
      noValidate
      aria-label={`Text of version ${version.version}`}
      onSubmit={form.onSubmit(
        (patch) => save.mutate({ number: document.key, version: version.version, patch }),
        focusFirstError,
      )}
    >
      <Stack gap="sm">
        <CountedTextarea
          ref={first}
          label="Change summary"
          hint="What this version changes, for readers and subscribers"
          required
          rows={[2, 6]}
          max={CHANGE_SUMMARY_MAX}
          value={values.changeSummary}
          {...form.getInputProps('changeSummary')}
        />
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <div>
            <CountedTextarea
              label="Text (Markdown)"
              required
              rows={[12, 30]}
              max={STANDARD_BODY_MAX}
              value={values.body}
              {...form.getInputProps('body')}
            />
          </div>
          <div>
            <MarkdownPreview body={values.body} id={id} testId="standard-preview" order={4} />
          </div>
        </ResponsiveGrid>
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={close}>
            Close the editor
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
