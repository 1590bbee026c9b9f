import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { AdminDate } from './dates'

/*
 * What every editor of the council's texts shows around its fields (the FAQ, a page;
 * docs/decisions/054-faq-as-content.md): where the text stands, a save another member made first,
 * and Save draft beside Publish.
 */

type Standing = {
  revision: number
  publishedAt: Date | string | null
  publishedBy: string | null
  hasDraft: boolean
  draftUpdatedAt: Date | string | null
  draftUpdatedBy: string | null
}

/** Which revision is published, by whom, whether a draft waits, and whether this screen holds unsaved changes. */
export function TextStanding({
  data,
  name,
  dirty,
  testId,
}: {
  data: Standing
  /** "the FAQ", "this page": the sentence for a text nobody has published yet. */
  name: string
  dirty: boolean
  testId: string
}) {
  return (
    <Text size="sm" c="dark.6" data-testid={testId}>
      {data.publishedAt ? (
        <>
          Revision {data.revision} is published, since <AdminDate value={data.publishedAt} /> by {data.publishedBy}.
        </>
      ) : (
        `The site shows ${name} as it started: nothing has been published here yet.`
      )}{' '}
      {data.hasDraft && data.draftUpdatedAt ? (
        <>
          A draft waits, saved <AdminDate value={data.draftUpdatedAt} /> by {data.draftUpdatedBy}.
        </>
      ) : (
        'No draft waits.'
      )}{' '}
      {dirty ? <strong>This screen holds changes not saved yet.</strong> : null}
    </Text>
  )
}

/** Another member saved first: their version can be loaded, dropping what this screen holds. */
export function StaleNotice({ text, onReload, testId }: { text: string; onReload: () => void; testId: string }) {
  return (
    <Alert color="orange" variant="light" title="Someone else saved first" role="alert" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <Group>
          <Button size="xs" variant="default" onClick={onReload}>
            Load their version (your changes here are dropped)
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/** Save draft, then Publish (asked first by the caller): Publish waits for a saved draft. */
export function DraftActions({
  prefix,
  dirty,
  hasDraft,
  saving,
  onSave,
  onPublish,
}: {
  prefix: string
  dirty: boolean
  hasDraft: boolean
  saving: boolean
  onSave: () => void
  onPublish: () => void
}) {
  return (
    <Group gap="sm">
      <Button loading={saving} disabled={!dirty} onClick={onSave}>
        Save draft
      </Button>
      <Button
        variant="filled"
        color="teal.9"
        disabled={dirty || !hasDraft}
        onClick={onPublish}
        aria-describedby={`${prefix}-publish-why`}
      >
        Publish
      </Button>
      <Text size="sm" c="dark.6" id={`${prefix}-publish-why`}>
        {dirty ? 'Save the draft first, then publish it.' : hasDraft ? '' : 'There is no draft to publish.'}
      </Text>
    </Group>
  )
}

/** Zod's issues as "sections.0.items.1.body" → message, the first per field. */
export function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.')
    errors[key] ??= issue.message
  }
  return errors
}

/** A list with one entry moved from one place to another (the editors' Move up and Move down). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  const [entry] = next.splice(from, 1)
  if (entry !== undefined) next.splice(to, 0, entry)
  return next
}
