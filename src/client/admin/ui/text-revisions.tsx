import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'
import { DiffLegend, StandardDiff } from '../../components/standard-diff'
import type { RouterOutputs } from '../../lib/trpc'
import { StateBadge } from './badges'
import { ConfirmDialog, useConfirm } from './confirm'
import { AdminDate } from './dates'
import lists from './lists.module.css'

type Entry = RouterOutputs['faq']['revisions'][number]
type Comparison = RouterOutputs['faq']['revision']['comparison']
type Loaded<T> = { data?: T | undefined; isError: boolean }

type Props<Shown extends { comparison: Comparison }> = {
  /** The text's name in sentences: "the FAQ", "the page". */
  name: string
  /** The prefix of the list's ids and test ids: "faq", "page". */
  prefix: string
  revisions: Loaded<Entry[]>
  /**
   * The revision shown, loaded: a hook, called on every render with the one shown (or null) and
   * `scope` (which page's revisions these are).
   */
  useRevision: (revision: number | null, scope: string) => Loaded<Shown>
  /** The revision as the site showed it (the page's own component, the FAQ's questions). */
  show: (revision: Shown) => ReactNode
  scope?: string
  /** Whether the form holds changes not saved: a restore would replace them. */
  unsaved: boolean
  restoring: boolean
  /** Makes the revision the draft; settles when the server has answered (the dialog closes then). */
  onRestore: (revision: number) => Promise<unknown>
}

/**
 * A text's published revisions, newest first, and the text it started with (the FAQ, a page): each
 * can be viewed as the site showed it, compared with the text published now (the standards'
 * comparison), and restored as the draft.
 */
export function TextRevisions<Shown extends { comparison: Comparison }>({
  name,
  prefix,
  revisions,
  useRevision,
  show,
  scope = '',
  unsaved,
  restoring,
  onRestore,
}: Props<Shown>) {
  const [open, setOpen] = useState<{ revision: number; as: 'view' | 'compare' } | null>(null)
  const shown = open?.revision ?? null
  const viewed = useRevision(shown, scope)
  const toggle = (revision: number, as: 'view' | 'compare') =>
    setOpen(open?.revision === revision && open.as === as ? null : { revision, as })
  const heading = useRef<HTMLHeadingElement>(null)
  const confirm = useConfirm<Entry>()
  const label = (entry: { revision: number }) =>
    entry.revision === 0 ? 'The starting text' : `Revision ${entry.revision}`

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${prefix}-revisions-heading`}>
      <Stack gap="md">
        <Title order={2} size="h4" id={`${prefix}-revisions-heading`} ref={heading} tabIndex={-1}>
          Revisions
        </Title>
        <Text size="sm" c="dark.6">
          Every published revision of {name} is kept, with who published it and when. Compare one with what is published
          now, or make it the draft again to publish it as a new revision.
        </Text>
        {revisions.data ? (
          <ul className={lists.list} aria-label={`Revisions of ${name}`} data-testid={`${prefix}-revisions`}>
            {revisions.data.map((entry) => (
              <li
                key={entry.revision}
                className={lists.card}
                data-testid={`${prefix}-revision`}
                data-revision={entry.revision}
              >
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={700}>{label(entry)}</Text>
                      {entry.current ? <StateBadge tone="done">Published now</StateBadge> : null}
                    </Group>
                    <Text size="sm" c="dark.6">
                      {entry.publishedAt ? (
                        <>
                          Published <AdminDate value={entry.publishedAt} /> by {entry.publishedBy}
                        </>
                      ) : (
                        'As the site was first set up'
                      )}{' '}
                      · {entry.summary}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    {(['view', 'compare'] as const).map((as) => {
                      const expanded = open?.revision === entry.revision && open.as === as
                      return (
                        <Button
                          key={as}
                          size="xs"
                          variant="default"
                          aria-expanded={expanded}
                          onClick={() => toggle(entry.revision, as)}
                        >
                          {expanded ? 'Hide' : as === 'view' ? 'View' : 'Compare'}
                          <span className="visually-hidden"> {label(entry).toLowerCase()}</span>
                        </Button>
                      )
                    })}
                    {entry.current ? null : (
                      <Button size="xs" variant="light" onClick={() => confirm.ask(entry)}>
                        Restore as draft<span className="visually-hidden"> ({label(entry).toLowerCase()})</span>
                      </Button>
                    )}
                  </Group>
                </Group>
                {open?.revision === entry.revision ? (
                  <div data-testid={`${prefix}-revision-${open.as === 'view' ? 'view' : 'comparison'}`}>
                    {viewed.data && open.as === 'view' ? (
                      <Stack gap="xs" mt="sm">
                        <Text size="sm">{label(entry)}, as the site showed it:</Text>
                        {show(viewed.data)}
                      </Stack>
                    ) : viewed.data ? (
                      <>
                        <Text size="sm" mt="sm">
                          From {label(entry).toLowerCase()} to what is published now:{' '}
                          {viewed.data.comparison.inserted === 0 && viewed.data.comparison.deleted === 0
                            ? 'the same text.'
                            : `${viewed.data.comparison.inserted} words inserted, ${viewed.data.comparison.deleted} deleted.`}
                        </Text>
                        <DiffLegend />
                        <Card withBorder mt="sm" p="xs">
                          <StandardDiff blocks={viewed.data.comparison.blocks} />
                        </Card>
                      </>
                    ) : viewed.isError ? (
                      <Alert color="red" variant="light" mt="sm">
                        The revision could not be loaded.
                      </Alert>
                    ) : (
                      <Text size="sm" mt="sm" aria-live="polite">
                        Loading...
                      </Text>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : revisions.isError ? (
          <Alert color="red" variant="light">
            The revisions could not be loaded.
          </Alert>
        ) : (
          <Text size="sm" aria-live="polite">
            Loading...
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        confirm={confirm}
        title="Restore this revision as the draft?"
        confirmLabel="Restore as draft"
        busy={restoring}
        onConfirm={(entry) => onRestore(entry.revision).then(confirm.close, confirm.close)}
        fallbackFocus={heading}
      >
        {(entry) => (
          <Text size="sm">
            {label(entry)} becomes the draft, replacing the draft there is{unsaved ? ' and your unsaved changes' : ''}.
            Nothing public changes until the draft is published.
          </Text>
        )}
      </ConfirmDialog>
    </Card>
  )
}
