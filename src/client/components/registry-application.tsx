import { Anchor, Button, Container, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import type { FormPostState } from '../../shared/form-post'
import { badgeEmbedHtml, LISTING_KIND_LABELS, listingPath } from '../../shared/registry'
import {
  APPLICATION_DOCUMENTS_FIELD,
  APPLICATION_LINK_MAILED,
  APPLICATION_RECEIVED,
  APPLICATION_STATE_LABELS,
  isOpenApplication,
  KEEP_THIS_LINK,
} from '../../shared/registry-applications'
import type { ApplicantView } from '../../shared/schemas/registry-applications'
import type { PublicSite } from '../../shared/site'
import { FormNotice } from '../lib/form-post'
import classes from './registry-parts.module.css'

/*
 * The applicant's page (docs/registry.md, "Applications"): the application's state, what was sent,
 * the thread with the council, and, while it is open, a form to answer and one to add documents;
 * both are plain HTML forms that work without JavaScript. Approved: the number, the page and the
 * badge's HTML; declined: the council's reason.
 */

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

export function ApplicationPage({
  application,
  site,
  search,
  post,
}: {
  application: ApplicantView
  site: PublicSite
  search: { new?: 1; answered?: 1; added?: 1 }
  post: FormPostState | undefined
}) {
  const open = isOpenApplication(application.state)
  const details = application.details
  return (
    <Container size="sm" py={48}>
      <Stack gap="lg">
        <div>
          <Text c="dark.6" size="sm">
            {application.reference} · {application.purpose === 'renewal' ? 'Renewal' : 'Application'} ·{' '}
            {LISTING_KIND_LABELS[application.kind]}
          </Text>
          <Title order={2}>{application.organisationName}</Title>
          <Text mt="xs" fw={600} data-testid="application-state">
            State: {APPLICATION_STATE_LABELS[application.state]}
          </Text>
        </div>
        {search.new ? (
          <FormNotice
            notice={{
              title: 'Application received',
              message: application.link ? APPLICATION_RECEIVED : `${APPLICATION_RECEIVED} ${APPLICATION_LINK_MAILED}`,
            }}
          />
        ) : null}
        {search.new && application.link ? (
          <Paper withBorder p="md" data-testid="keep-link">
            <Text fw={600}>{KEEP_THIS_LINK}</Text>
            <Text mt="xs" style={{ overflowWrap: 'anywhere' }}>
              <Anchor href={application.link}>{application.link}</Anchor>
            </Text>
          </Paper>
        ) : null}
        {search.answered ? (
          <FormNotice notice={{ title: 'Answer sent', message: 'The council has your answer.' }} />
        ) : null}
        {search.added ? (
          <FormNotice notice={{ title: 'Documents added', message: 'The council can read them now.' }} />
        ) : null}

        {application.state === 'approved' && application.listing ? (
          <Paper withBorder p="md">
            <Title order={3}>Listed as {application.listing.number}</Title>
            <Text mt="xs">
              The listing’s public page:{' '}
              <Anchor href={listingPath(application.listing.key)}>{application.listing.number}</Anchor>
            </Text>
            <Text mt="sm">To show the listing’s badge on your website, put this HTML on the page:</Text>
            <pre className={classes.code} data-testid="badge-code">
              <code>{badgeEmbedHtml(site.publicUrl, site.shortName, application.listing)}</code>
            </pre>
          </Paper>
        ) : null}
        {application.state === 'declined' ? (
          <Paper withBorder p="md">
            <Title order={3}>Declined</Title>
            <Text mt="xs">The council’s reason:</Text>
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="decline-reason">
              {application.declineReason}
            </Text>
          </Paper>
        ) : null}

        <section aria-labelledby="thread">
          <Title order={3} id="thread">
            Questions and answers
          </Title>
          {application.thread.length === 0 ? (
            <Text mt="xs" c="dark.7">
              The council has not asked anything yet.
            </Text>
          ) : (
            <ol style={{ listStyle: 'none', padding: 0 }}>
              {application.thread.map((message) => (
                <li key={message.id} style={{ marginTop: 12 }}>
                  <Text size="sm" c="dark.6">
                    {message.author === 'council' ? 'The council' : 'You'}, {when(message.at)}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
                </li>
              ))}
            </ol>
          )}
          {open ? (
            <form method="post" action="/api/registry/application/answers" noValidate>
              <Stack gap="xs" mt="sm">
                <FormNotice
                  notice={
                    post?.form === 'registry-answer' ? { title: 'Not sent', message: post.message, failed: true } : null
                  }
                />
                <Textarea
                  name="body"
                  label="Your answer"
                  autosize
                  minRows={3}
                  required
                  defaultValue={
                    post?.form === 'registry-answer' && typeof post.values.body === 'string' ? post.values.body : ''
                  }
                  error={post?.form === 'registry-answer' ? post.fields.body : undefined}
                />
                <Button type="submit" style={{ alignSelf: 'flex-start' }}>
                  Send the answer
                </Button>
              </Stack>
            </form>
          ) : null}
        </section>

        <section aria-labelledby="documents">
          <Title order={3} id="documents">
            Documents
          </Title>
          {application.documents.length === 0 ? (
            <Text mt="xs">None yet.</Text>
          ) : (
            <ul>
              {application.documents.map((document) => (
                <li key={document.id}>
                  {document.filename} ({Math.max(1, Math.round(document.size / 1024))} KB)
                </li>
              ))}
            </ul>
          )}
          {open ? (
            <form method="post" action="/api/registry/application/documents" encType="multipart/form-data">
              <Stack gap="xs" mt="sm">
                <FormNotice
                  notice={
                    post?.form === 'registry-documents'
                      ? { title: 'Not added', message: post.message, failed: true }
                      : null
                  }
                />
                <label htmlFor="more-documents">Add PDF documents</label>
                <input
                  id="more-documents"
                  type="file"
                  name={APPLICATION_DOCUMENTS_FIELD}
                  accept="application/pdf,.pdf"
                  multiple
                />
                <Button type="submit" variant="light" style={{ alignSelf: 'flex-start' }}>
                  Add the documents
                </Button>
              </Stack>
            </form>
          ) : null}
        </section>

        <section aria-labelledby="sent">
          <Title order={3} id="sent">
            What was sent
          </Title>
          <dl>
            <dt>Received</dt>
            <dd>{when(application.receivedAt)}</dd>
            <dt>Contact</dt>
            <dd>{application.contactName}</dd>
            {details.kind === 'facility' ? (
              <>
                <dt>Address</dt>
                <dd>
                  {[details.street, details.city, details.region, details.postalCode, details.country]
                    .filter(Boolean)
                    .join(', ')}
                </dd>
                <dt>Chamber models</dt>
                <dd>{details.chambers.length ? details.chambers.join('; ') : 'None named'}</dd>
              </>
            ) : (
              <>
                <dt>Chamber model</dt>
                <dd>
                  {details.manufacturer} {details.modelName}, at most {details.maxPressureAta} ATA
                  {details.fda510k ? `, FDA 510(k) ${details.fda510k}` : ''}
                </dd>
              </>
            )}
            <dt>Standards declared</dt>
            <dd>
              {application.declarations.map((item) => `${item.number} version ${item.version}`).join('; ') || 'None'}
            </dd>
            <dt>Signed by</dt>
            <dd>
              {application.signatoryName}, {application.signatoryTitle}
            </dd>
          </dl>
        </section>
      </Stack>
    </Container>
  )
}
