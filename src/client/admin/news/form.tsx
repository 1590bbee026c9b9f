import { Button, Card, CloseButton, Group, Radio, Stack, TextInput, Title } from '@mantine/core'
import { POST_SUMMARY_MAX } from '../../../shared/constants'
import { POST_BODY_MAX } from '../../../shared/schemas/news'
import { ResponsiveGrid } from '../../components/responsive-grid'
import { CountedTextarea } from '../ui/counted-textarea'
import fieldClasses from '../ui/fields.module.css'
import { MarkdownPreview } from '../ui/markdown-preview'
import type { PostEditor } from './use-post-editor'

/** The post editor: title, slug, summary, body beside its preview, status, Save and Delete. */
export function PostForm({ editor, onDelete }: { editor: PostEditor; onDelete: () => void }) {
  const { form, editing, published } = editor
  const values = form.getValues()
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="post-form-heading" id="post-form">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h3" id="post-form-heading">
          {editing ? 'Edit Post' : 'New Post'}
        </Title>
        {editing ? <CloseButton aria-label="Close the editor" onClick={editor.close} /> : null}
      </Group>
      <form onSubmit={editor.submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            ref={editor.titleRef}
            classNames={fieldClasses}
            {...form.getInputProps('title')}
            onChange={(event) => editor.setTitle(event.currentTarget.value)}
          />
          <TextInput
            label="Slug"
            description={
              published
                ? `The post's address, /news/${values.slug}: fixed once published`
                : `The post's address: /news/${values.slug || '…'}`
            }
            readOnly={published}
            classNames={fieldClasses}
            {...form.getInputProps('slug')}
            onChange={(event) => editor.setSlug(event.currentTarget.value)}
          />
          <CountedTextarea
            label="Summary"
            required
            rows={[2, 5]}
            max={POST_SUMMARY_MAX}
            value={values.summary}
            {...form.getInputProps('summary')}
          />
          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <div>
              <CountedTextarea
                label="Body (Markdown)"
                rows={[10, 30]}
                max={POST_BODY_MAX}
                value={values.body}
                {...form.getInputProps('body')}
              />
            </div>
            <div>
              <MarkdownPreview body={values.body} id="post" testId="post-preview" headings="fromH2" mailed />
            </div>
          </ResponsiveGrid>
          <Radio.Group label="Status" {...form.getInputProps('status')}>
            <Group mt="xs" gap="lg">
              <Radio value="draft" label="Draft" />
              <Radio value="scheduled" label="Scheduled" />
              <Radio value="published" label="Published" />
            </Group>
          </Radio.Group>
          {values.status === 'scheduled' ? (
            <TextInput
              type="datetime-local"
              label="Publish at"
              description="In your time zone; the post appears on the site at this time"
              required
              maw={320}
              classNames={fieldClasses}
              {...form.getInputProps('publishAt')}
            />
          ) : null}
          <Group mt="sm" gap="sm">
            <Button type="submit" loading={editor.busy} disabled={editor.busy}>
              Save
            </Button>
            {editing ? (
              <Button variant="outline" color="red.9" onClick={onDelete}>
                Delete
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
