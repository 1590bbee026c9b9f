import { Anchor, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import {
  PAGE_DEFINITIONS,
  PAGE_DESCRIPTION_MAX,
  PAGE_LIMITS,
  type PageContent,
  PageContentSchema,
  type PageDefinition,
  type PageKey,
  pageContentIssues,
  type SectionDefinition,
} from '../../../shared/schemas/pages'
import { type RouterOutputs, useTRPC } from '../../lib/trpc'
import { ConfirmDialog, useConfirm } from '../ui/confirm'
import fieldClasses from '../ui/fields.module.css'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import {
  DraftActions,
  EntryActions,
  errorsOf,
  moved,
  restoredText,
  StaleNotice,
  TextLoading,
  TextStanding,
  useTextDraft,
} from '../ui/text-editing'
import { TextRevisions } from '../ui/text-revisions'
import { PagePreview, PageRevisionShown } from './preview'

type Editing = RouterOutputs['pages']['admin']
type Section = PageContent['sections'][number]
type Item = Section['items'][number]
type Errors = Record<string, string>

const fieldId = (path: string) => `page-${path.replaceAll('.', '-')}`

/** The editor's text: what is saved, without the stored rendering. */
const editorContent = (data: Editing): PageContent => contentOf(data.draft)
const contentOf = (page: PageContent): PageContent => ({
  description: page.description,
  sections: page.sections.map((section) => ({
    id: section.id,
    heading: section.heading,
    body: section.body,
    items: section.items.map((item) => ({ title: item.title, subtitle: item.subtitle, body: item.body })),
  })),
})

/**
 * One page's words (docs/decisions/055-pages-as-content.md): its description and each section the
 * page's layout has, with its heading, its Markdown text and its cards (added, removed and moved);
 * saved as a draft, previewed as the page shows it, published at once. A save from a screen
 * opened before another member's is refused, the text left in the form. Every published revision
 * can be compared and restored.
 */
export function PageEditor({ pageKey }: { pageKey: PageKey }) {
  const definition: PageDefinition = PAGE_DEFINITIONS[pageKey]
  const trpc = useTRPC()
  const page = useQuery(trpc.pages.admin.queryOptions({ key: pageKey }))
  const revisions = useQuery(trpc.pages.revisions.queryOptions({ key: pageKey }))
  const draft = useTextDraft(
    page.data,
    editorContent,
    `${definition.label} has unsaved changes. Leave without saving them?`,
  )
  const { form, dirty, errors, setErrors, stale, load, onRefused } = draft
  const heading = useRef<HTMLHeadingElement>(null)
  const publishing = useConfirm<true>()
  const name = `the ${definition.label} page`

  const refresh = [trpc.pages.pathKey(), trpc.site.page.pathKey()]
  const save = useAdminMutation(trpc.pages.saveDraft.mutationOptions(), {
    refresh,
    success: 'Draft saved',
    failure: (_variables, error) => refusalOf(error) ?? 'The draft could not be saved',
    form: { setErrors: draft.serverErrors },
    onSuccess: load,
    onError: onRefused,
  })
  const publish = useAdminMutation(trpc.pages.publish.mutationOptions(), {
    refresh,
    success: (data) => `${definition.label} is published (revision ${data.revision}): the site shows it now`,
    failure: (_variables, error) => refusalOf(error) ?? 'The page could not be published',
    onSuccess: load,
    onError: (error) => {
      onRefused(error)
      publishing.close()
    },
    afterRefresh: publishing.close,
  })
  const restore = useAdminMutation(trpc.pages.restore.mutationOptions(), {
    refresh,
    success: (_data, variables) => restoredText(Number(variables.revision)),
    failure: (_variables, error) => refusalOf(error) ?? 'The revision could not be restored',
    onSuccess: load,
  })
  if (!form || !page.data) {
    return <TextLoading failed={page.isError} name="the page" />
  }
  const data = page.data
  const content = form.content
  const setContent = draft.setContent
  const setSection = (index: number, change: (section: Section) => Section) =>
    setContent({ ...content, sections: content.sections.map((one, i) => (i === index ? change(one) : one)) })

  const check = (): boolean => {
    const parsed = PageContentSchema.safeParse(content)
    const found = parsed.success ? errorsOf(pageContentIssues(pageKey, parsed.data)) : errorsOf(parsed.error.issues)
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus())
    return first === undefined
  }

  return (
    <Stack gap="xl">
      <Anchor component={Link} to="/admin/pages" size="sm">
        ← All pages
      </Anchor>
      <Title order={2} size="h3" id="page-heading" ref={heading} tabIndex={-1}>
        {definition.label}
      </Title>
      <Text size="sm" c="dark.6">
        {definition.everyPage ? 'Words every page shows, as on ' : 'The words of '}
        <Anchor href={definition.path} target="_blank" underline="always">
          {definition.path}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </Anchor>
        . Text is Markdown: a blank line starts a paragraph, a line starting with “- ” is a list item, [words](/faq)
        makes a link, and {'{council}'} and {'{email}'} are the council’s name and e-mail address from Council settings.
      </Text>
      <TextStanding data={data} name="this page" dirty={dirty} testId="page-status" />
      {stale ? (
        <StaleNotice
          text={stale}
          testId="page-stale"
          onReload={() => page.refetch().then((fresh) => fresh.data && load(fresh.data))}
        />
      ) : null}

      {definition.everyPage ? null : (
        <TextInput
          id={fieldId('description')}
          label="Description for search engines"
          description={`One line, shown under the page's title in search results · ${content.description.length} / ${PAGE_DESCRIPTION_MAX}`}
          required
          maxLength={PAGE_DESCRIPTION_MAX}
          value={content.description}
          error={errors.description}
          classNames={fieldClasses}
          onChange={(event) => setContent({ ...content, description: event.currentTarget.value })}
        />
      )}

      {definition.sections.map((wanted, index) => {
        const section = content.sections[index]
        if (!section) return null
        return (
          <SectionFields
            key={wanted.id}
            wanted={wanted}
            section={section}
            at={`sections.${index}`}
            errors={errors}
            onChange={(change) => setSection(index, change)}
          />
        )
      })}

      <PagePreview pageKey={pageKey} content={content} />

      <DraftActions
        prefix="page"
        dirty={dirty}
        hasDraft={data.hasDraft}
        saving={save.isPending}
        onSave={() => check() && save.mutate({ key: pageKey, version: form.version, content })}
        onPublish={() => publishing.ask(true)}
      />

      <TextRevisions
        name={name}
        prefix="page"
        revisions={revisions}
        useRevision={usePageRevision}
        show={(revision) => <PageRevisionShown pageKey={pageKey} page={revision.view} />}
        scope={pageKey}
        unsaved={dirty}
        restoring={restore.isPending}
        onRestore={(revision) => restore.mutateAsync({ key: pageKey, revision, version: form.version })}
      />

      <ConfirmDialog
        confirm={publishing}
        title={`Publish ${definition.label}?`}
        confirmLabel="Publish"
        busy={publish.isPending}
        onConfirm={() => publish.mutate({ key: pageKey, version: form.version })}
        fallbackFocus={heading}
      >
        {() => (
          <Text size="sm">
            The draft replaces the page’s words on the site at once. The words published now stay in the revisions and
            can be restored.
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  )
}

/** A revision of the page (`scope`, the page's name), loaded when one is shown. */
function usePageRevision(revision: number | null, scope: string) {
  const trpc = useTRPC()
  return useQuery({
    ...trpc.pages.revision.queryOptions({ key: scope as PageKey, revision: revision ?? 0 }),
    enabled: revision !== null,
  })
}

/** One section's fields: those its place on the page has. */
function SectionFields({
  wanted,
  section,
  at,
  errors,
  onChange,
}: {
  wanted: SectionDefinition
  section: Section
  at: string
  errors: Errors
  onChange: (change: (section: Section) => Section) => void
}) {
  const titleId = `${fieldId(at)}-label`
  const items = wanted.items
  const setItems = (change: (items: Item[]) => Item[]) => onChange((one) => ({ ...one, items: change(one.items) }))
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId} data-testid="page-section">
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {wanted.label}
        </Title>
        {wanted.heading ? (
          <TextInput
            id={fieldId(`${at}.heading`)}
            label="Heading"
            required
            maxLength={PAGE_LIMITS.heading}
            value={section.heading}
            error={errors[`${at}.heading`]}
            classNames={fieldClasses}
            onChange={(event) => {
              const heading = event.currentTarget.value
              onChange((one) => ({ ...one, heading }))
            }}
          />
        ) : null}
        {wanted.body ? (
          <Textarea
            id={fieldId(`${at}.body`)}
            label="Text"
            description={`Markdown · ${section.body.length} / ${PAGE_LIMITS.body.toLocaleString('en-US')}`}
            required
            autosize
            minRows={2}
            maxRows={14}
            value={section.body}
            error={errors[`${at}.body`]}
            classNames={fieldClasses}
            onChange={(event) => {
              const body = event.currentTarget.value
              onChange((one) => ({ ...one, body }))
            }}
          />
        ) : null}
        {items ? (
          <>
            {errors[`${at}.items`] ? (
              <Text size="sm" c="red.9" role="alert">
                {errors[`${at}.items`]}
              </Text>
            ) : null}
            {section.items.map((item, index) => (
              <ItemFields
                // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id; their place is what the buttons move
                key={index}
                kind={items}
                item={item}
                number={index + 1}
                count={section.items.length}
                sectionLabel={wanted.label}
                at={`${at}.items.${index}`}
                errors={errors}
                onChange={(next) => setItems((all) => all.map((one, i) => (i === index ? next : one)))}
                onMove={(to) => setItems((all) => moved(all, index, to))}
                onRemove={() => setItems((all) => all.filter((_, i) => i !== index))}
              />
            ))}
            <Group>
              <Button
                variant="light"
                disabled={section.items.length >= PAGE_LIMITS.items}
                onClick={() => {
                  const next = section.items.length
                  setItems((all) => [...all, { title: '', subtitle: '', body: '' }])
                  requestAnimationFrame(() => document.getElementById(fieldId(`${at}.items.${next}.title`))?.focus())
                }}
              >
                Add a card<span className="visually-hidden"> to {wanted.label}</span>
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  )
}

function ItemFields({
  kind,
  item,
  number,
  count,
  sectionLabel,
  at,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  kind: NonNullable<SectionDefinition['items']>
  item: Item
  number: number
  count: number
  sectionLabel: string
  at: string
  errors: Errors
  onChange: (item: Item) => void
  onMove: (to: number) => void
  onRemove: () => void
}) {
  return (
    <Card withBorder padding="sm" radius="sm" data-testid="page-item">
      <Stack gap="xs">
        <TextInput
          id={fieldId(`${at}.title`)}
          label={`${kind.label} ${number}: title`}
          required
          maxLength={PAGE_LIMITS.title}
          value={item.title}
          error={errors[`${at}.title`]}
          classNames={fieldClasses}
          onChange={(event) => onChange({ ...item, title: event.currentTarget.value })}
        />
        {kind.subtitle ? (
          <TextInput
            id={fieldId(`${at}.subtitle`)}
            label={`${kind.label} ${number}: ${kind.subtitle.toLowerCase()}`}
            required
            maxLength={PAGE_LIMITS.subtitle}
            value={item.subtitle}
            error={errors[`${at}.subtitle`]}
            classNames={fieldClasses}
            onChange={(event) => onChange({ ...item, subtitle: event.currentTarget.value })}
          />
        ) : null}
        <Textarea
          id={fieldId(`${at}.body`)}
          label={`${kind.label} ${number}: text`}
          description={`Markdown · ${item.body.length} / ${PAGE_LIMITS.text.toLocaleString('en-US')}`}
          required
          autosize
          minRows={2}
          maxRows={12}
          value={item.body}
          error={errors[`${at}.body`]}
          classNames={fieldClasses}
          onChange={(event) => onChange({ ...item, body: event.currentTarget.value })}
        />
        <EntryActions
          number={number}
          count={count}
          what={`card ${number} of ${sectionLabel}`}
          onMove={onMove}
          onRemove={onRemove}
        />
      </Stack>
    </Card>
  )
}
