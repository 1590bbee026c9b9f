import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { FAQ_DESCRIPTION_MAX, FAQ_LIMITS, FaqContentSchema } from '../../../shared/schemas/faq'
import { FaqAccordion } from '../../components/faq-accordion'
import { useTRPC } from '../../lib/trpc'
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
import type { FaqCategory, FaqEditing } from './types'

type Content = { description: string; categories: FaqCategory[] }

const fieldId = (category: number, item: number, field: 'question' | 'answer') => `faq-${category}-${item}-${field}`

/** The form's text: the draft's description and categories (with their titles, for the screen). */
const editorContent = (data: FaqEditing): Content => ({
  description: data.draft.description,
  categories: data.draft.categories,
})
/** What a save sends: each category by its id. */
const contentOf = (content: Content) => ({
  description: content.description,
  categories: content.categories.map((category) => ({ id: category.id, items: category.items })),
})

/** The revision shown in the list, loaded. */
function useFaqRevision(revision: number | null) {
  const trpc = useTRPC()
  return useQuery({ ...trpc.faq.revision.queryOptions({ revision: revision ?? 0 }), enabled: revision !== null })
}

/**
 * The FAQ (issue 39; docs/decisions/054-faq-as-content.md): its five categories, each question and
 * answer edited, added, removed and ordered; saved as a draft, previewed as the page shows it, and
 * published at once. A save from a screen opened before another member's save is refused and the
 * text stays in the form. Every published revision can be compared and restored.
 */
export function FaqScreen() {
  const trpc = useTRPC()
  const faq = useQuery(trpc.faq.admin.queryOptions())
  const draft = useTextDraft(faq.data, editorContent, 'The FAQ has unsaved changes. Leave without saving them?')
  const { form, dirty, errors, setErrors, stale, load, onRefused } = draft
  const heading = useRef<HTMLHeadingElement>(null)
  const publishing = useConfirm<true>()

  const save = useAdminMutation(trpc.faq.saveDraft.mutationOptions(), {
    refresh: [trpc.faq.pathKey()],
    success: 'Draft saved',
    failure: (_variables, error) => refusalOf(error) ?? 'The draft could not be saved',
    form: { setErrors: draft.serverErrors },
    onSuccess: load,
    onError: onRefused,
  })
  const restore = useAdminMutation(trpc.faq.restore.mutationOptions(), {
    refresh: [trpc.faq.pathKey()],
    success: (_data, variables) => restoredText(Number(variables.revision)),
    failure: (_variables, error) => refusalOf(error) ?? 'The revision could not be restored',
    onSuccess: load,
  })
  const revisions = useQuery(trpc.faq.revisions.queryOptions())
  const publish = useAdminMutation(trpc.faq.publish.mutationOptions(), {
    refresh: [trpc.faq.pathKey(), trpc.site.faq.pathKey()],
    success: (data) => `The FAQ is published (revision ${data.revision}): the site shows it now`,
    failure: (_variables, error) => refusalOf(error) ?? 'The FAQ could not be published',
    onSuccess: load,
    onError: (error) => {
      onRefused(error)
      publishing.close()
    },
    afterRefresh: publishing.close,
  })

  if (!form || !faq.data) {
    return <TextLoading failed={faq.isError} name="the FAQ" />
  }
  const data = faq.data
  const content = form.content

  const check = (): boolean => {
    const parsed = FaqContentSchema.safeParse(contentOf(content))
    if (parsed.success) {
      setErrors({})
      return true
    }
    const found = errorsOf(parsed.error.issues)
    setErrors(found)
    if (found.description) {
      requestAnimationFrame(() => document.getElementById('faq-description')?.focus())
      return false
    }
    const first = Object.keys(found).find((key) => /\.items\.\d+\.(question|answer)$/.test(key))
    if (first) {
      const [, category, , item, field] = first.split('.')
      requestAnimationFrame(() =>
        document.getElementById(fieldId(Number(category), Number(item), field as 'question'))?.focus(),
      )
    }
    return false
  }
  const update = (categoryIndex: number, change: (items: FaqCategory['items']) => FaqCategory['items']) =>
    draft.setContent({
      ...content,
      categories: content.categories.map((category, index) =>
        index === categoryIndex ? { ...category, items: change(category.items) } : category,
      ),
    })
  return (
    <Stack gap="xl">
      <Title order={2} size="h3" id="faq-heading" ref={heading} tabIndex={-1}>
        Frequently asked questions
      </Title>
      <TextStanding data={data} name="the FAQ" dirty={dirty} testId="faq-status" />
      {stale ? (
        <StaleNotice
          text={stale}
          testId="faq-stale"
          onReload={() => faq.refetch().then((fresh) => fresh.data && load(fresh.data))}
        />
      ) : null}

      <TextInput
        id="faq-description"
        label="Description for search engines"
        description={`One line, shown under the page's title in search results · ${content.description.length} / ${FAQ_DESCRIPTION_MAX}`}
        required
        maxLength={FAQ_DESCRIPTION_MAX}
        value={content.description}
        error={errors.description}
        classNames={fieldClasses}
        onChange={(event) => draft.setContent({ ...content, description: event.currentTarget.value })}
      />

      {content.categories.map((category, categoryIndex) => (
        <Card
          key={category.id}
          withBorder
          padding="lg"
          radius="md"
          component="section"
          aria-labelledby={`faq-category-${category.id}`}
          data-testid="faq-editor-category"
        >
          <Stack gap="md">
            <Title order={3} size="h4" id={`faq-category-${category.id}`}>
              {category.title}
            </Title>
            {errors[`categories.${categoryIndex}.items`] ? (
              <Text size="sm" c="red.9" role="alert">
                {errors[`categories.${categoryIndex}.items`]}
              </Text>
            ) : null}
            {category.items.map((item, itemIndex) => {
              const at = `categories.${categoryIndex}.items.${itemIndex}`
              const number = itemIndex + 1
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; their place is what the buttons move
                <Card key={itemIndex} withBorder padding="sm" radius="sm" data-testid="faq-editor-item">
                  <Stack gap="xs">
                    <TextInput
                      id={fieldId(categoryIndex, itemIndex, 'question')}
                      label={`Question ${number}`}
                      required
                      maxLength={FAQ_LIMITS.question}
                      value={item.question}
                      error={errors[`${at}.question`]}
                      classNames={fieldClasses}
                      onChange={(event) => {
                        const question = event.currentTarget.value
                        update(categoryIndex, (items) =>
                          items.map((one, i) => (i === itemIndex ? { ...one, question } : one)),
                        )
                      }}
                    />
                    <Textarea
                      id={fieldId(categoryIndex, itemIndex, 'answer')}
                      label={`Answer ${number}`}
                      description={`Plain text · ${item.answer.length} / ${FAQ_LIMITS.answer}`}
                      required
                      autosize
                      minRows={2}
                      maxRows={10}
                      value={item.answer}
                      error={errors[`${at}.answer`]}
                      classNames={fieldClasses}
                      onChange={(event) => {
                        const answer = event.currentTarget.value
                        update(categoryIndex, (items) =>
                          items.map((one, i) => (i === itemIndex ? { ...one, answer } : one)),
                        )
                      }}
                    />
                    <EntryActions
                      number={number}
                      count={category.items.length}
                      what={`question ${number} of ${category.title}`}
                      onMove={(to) => update(categoryIndex, (items) => moved(items, itemIndex, to))}
                      onRemove={() => update(categoryIndex, (items) => items.filter((_, i) => i !== itemIndex))}
                    />
                  </Stack>
                </Card>
              )
            })}
            <Group>
              <Button
                variant="light"
                disabled={category.items.length >= FAQ_LIMITS.items}
                onClick={() => {
                  update(categoryIndex, (items) => [...items, { question: '', answer: '' }])
                  const next = category.items.length
                  requestAnimationFrame(() =>
                    document.getElementById(fieldId(categoryIndex, next, 'question'))?.focus(),
                  )
                }}
              >
                Add a question<span className="visually-hidden"> to {category.title}</span>
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}

      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="faq-preview-heading">
        <Stack gap="md">
          <Title order={2} size="h4" id="faq-preview-heading">
            Preview
          </Title>
          <Text size="sm" c="dark.6">
            The questions as the FAQ page shows them, with the text on this screen.
          </Text>
          <FaqShown categories={content.categories} name="faq-preview" testId="faq-preview" />
        </Stack>
      </Card>

      <DraftActions
        prefix="faq"
        dirty={dirty}
        hasDraft={data.hasDraft}
        saving={save.isPending}
        onSave={() => check() && save.mutate({ version: form.version, content: contentOf(content) })}
        onPublish={() => publishing.ask(true)}
      />

      <TextRevisions
        name="the FAQ"
        prefix="faq"
        revisions={revisions}
        useRevision={useFaqRevision}
        show={(revision) => (
          <FaqShown categories={revision.content.categories} name="faq-revision" testId="faq-revision-shown" />
        )}
        unsaved={dirty}
        restoring={restore.isPending}
        onRestore={(revision) => restore.mutateAsync({ revision, version: form.version })}
      />

      <ConfirmDialog
        confirm={publishing}
        title="Publish the FAQ?"
        confirmLabel="Publish"
        busy={publish.isPending}
        onConfirm={() => publish.mutate({ version: form.version })}
        fallbackFocus={heading}
      >
        {() => (
          <Text size="sm">
            The draft replaces the FAQ on the site at once. The FAQ published now stays in the revisions and can be
            restored.
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  )
}

/** Questions as the FAQ page shows them, by category: the draft's (the preview) or a revision's. */
function FaqShown({ categories, name, testId }: { categories: FaqCategory[]; name: string; testId: string }) {
  return (
    <div data-testid={testId}>
      {categories.map((category) => (
        <section key={category.id} aria-label={category.title}>
          <Text fw={700} mt="md">
            {category.title}
          </Text>
          <FaqAccordion
            name={name}
            entries={category.items.map((item, index) => ({
              value: `${name}-${category.id}-${index + 1}`,
              question: item.question,
              answer: item.answer,
            }))}
          />
        </section>
      ))}
    </div>
  )
}
