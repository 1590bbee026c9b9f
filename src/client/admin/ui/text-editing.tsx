import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { AdminDate } from './dates'
import { refusalOf } from './mutation'

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

/** A text's editor before its text is there: loading, or why it could not load and what to do. */
export function TextLoading({ failed, name }: { failed: boolean; name: string }) {
  return failed ? (
    <Alert color="red" variant="light">
      {capitalised(name)} could not be loaded. Check the connection and reload the page.
    </Alert>
  ) : (
    <Text aria-live="polite">Loading {name}...</Text>
  )
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Move up, Move down and Remove for one entry of a list (a question, a card); `what` names it for a screen reader. */
export function EntryActions({
  number,
  count,
  what,
  onMove,
  onRemove,
}: {
  /** The entry's place, from 1. */
  number: number
  count: number
  /** "question 2 of Getting Started": said after each button's word. */
  what: string
  /** Moves the entry to this index. */
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const which = <span className="visually-hidden"> {what}</span>
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" disabled={number === 1} onClick={() => onMove(number - 2)}>
        Move up{which}
      </Button>
      <Button size="xs" variant="default" disabled={number === count} onClick={() => onMove(number)}>
        Move down{which}
      </Button>
      <Button size="xs" variant="outline" color="red.9" onClick={onRemove}>
        Remove{which}
      </Button>
    </Group>
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

/**
 * An editor's hold on a text: the version its form was opened at, the text in the form, whether it
 * differs from what was loaded, each field's message, and the refusal of a save another member made
 * stale. The server's newer version replaces the form only while it holds nothing unsaved; leaving
 * with unsaved changes asks first (`leaving` is the question).
 */
export function useTextDraft<Data extends { version: number }, Content>(
  data: Data | undefined,
  contentOf: (data: Data) => Content,
  leaving: string,
) {
  const [form, setForm] = useState<{ version: number; content: Content } | null>(null)
  const [baseline, setBaseline] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [stale, setStale] = useState<string | null>(null)
  const dirty = form !== null && JSON.stringify(form.content) !== baseline

  const load = useCallback(
    (loaded: Data) => {
      const content = contentOf(loaded)
      setForm({ version: loaded.version, content })
      setBaseline(JSON.stringify(content))
      setErrors({})
      setStale(null)
    },
    [contentOf],
  )
  // The first load, and a newer version from elsewhere while nothing here is unsaved.
  useEffect(() => {
    if (!data) return
    if (form === null || (!dirty && data.version !== form.version)) load(data)
  }, [data, form, dirty, load])

  useBlocker({ shouldBlockFn: () => dirty && !window.confirm(leaving), enableBeforeUnload: () => dirty })

  return {
    form,
    dirty,
    errors,
    setErrors,
    stale,
    load,
    setContent: (content: Content) => setForm((current) => (current ? { ...current, content } : current)),
    /** A save or publish refused because another member saved first: the notice, the form kept. */
    onRefused: (error: unknown) => {
      const reason = refusalOf(error)
      if (reason?.startsWith('Another member')) setStale(reason)
    },
    /** The server's messages by field, named as the form names them (without `content.`). */
    serverErrors: (fields: Record<string, string>) =>
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([key, value]) => [key.replace(/^content\./, ''), value])),
      ),
  }
}

/** What a restore says once the revision is the draft. */
export const restoredText = (revision: number) =>
  revision === 0
    ? 'The starting text is the draft now: review it, then publish'
    : `Revision ${revision} is the draft now: review it, then publish`
