import { Box, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { NEWSLETTER_SUCCESS } from '../../shared/form-texts'
import { FormNotice, type FormNoticeText, useFormPost } from '../lib/form-post'
import { WANTS_CODE } from '../lib/intent'
import { showToast } from '../lib/show-toast'
import { useTRPC } from '../lib/trpc'
import { useTypedBeforeCode } from '../lib/typed-before-code'
import { PrivacyNote } from './privacy-note'

const FAILED = { title: 'Subscription Failed', message: 'Please check your email address and try again.' }

/**
 * 'Stay Informed': idle → pending (disabled, spinner) → success (field cleared) or failure (field kept).
 *
 * Without JavaScript it posts itself to the API (docs/decisions/030-forms-without-javascript.md),
 * which sends the visitor back to this page with ?subscribed=1 (or =confirm when the address must
 * confirm), or shows the page again with the address and the toast's words. A page that shows the
 * form keeps `subscribed` in its route's validateSearch.
 */
export function NewsletterForm() {
  const trpc = useTRPC()
  const post = useFormPost('newsletter')
  const { subscribed } = useSearch({ strict: false })
  const [email, setEmail] = useState(() => (typeof post?.values.email === 'string' ? post.values.email : ''))
  // The server's message for the address, shown only after a post without JavaScript.
  const [error, setError] = useState(post?.fields.email)
  const [notice, setNotice] = useState<FormNoticeText | null>(
    post ? { ...FAILED, failed: true } : subscribed ? NEWSLETTER_SUCCESS : null,
  )
  const field = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeCode(formRef, (fields) => {
    if (typeof fields.email === 'string' && fields.email !== '') setEmail(fields.email)
  })
  // With mail on, the address waits for its confirmation link: the toast keeps its text, and this
  // line says where the link went.
  const [checkInbox, setCheckInbox] = useState(subscribed === 'confirm')
  const subscribe = useMutation(
    trpc.newsletter.subscribe.mutationOptions({
      onSuccess: (result) => {
        setEmail('')
        setCheckInbox(result.confirmationSent)
        showToast({ ...NEWSLETTER_SUCCESS, variant: 'success' }, () => setNotice(NEWSLETTER_SUCCESS))
      },
      onError: () => {
        setCheckInbox(false)
        // The address is what to fix: the focus goes back to it, with what was typed kept.
        field.current?.focus()
        showToast({ ...FAILED, variant: 'destructive' }, () => setNotice({ ...FAILED, failed: true }))
      },
    }),
  )

  return (
    <Box component="section" bg="ocean.0" aria-labelledby="newsletter-heading">
      <Container size="sm" py={64}>
        <Stack align="center" ta="center" gap="xs">
          <Title order={2} id="newsletter-heading">
            Stay Informed
          </Title>
          <Text c="dark.6" maw={520}>
            New standards, safety guidance and research summaries from the council, a few times a year. Unsubscribe at
            any time.
          </Text>
        </Stack>
        <Box maw={520} mx="auto">
          <FormNotice notice={notice} />
        </Box>
        <form
          ref={formRef}
          {...WANTS_CODE}
          method="post"
          action="/api/newsletter/subscribe"
          onSubmit={(event) => {
            event.preventDefault()
            if (!email.trim() || subscribe.isPending) return
            setNotice(null)
            setError(undefined)
            subscribe.mutate({ email })
          }}
        >
          <Group mt="lg" align="flex-end" justify="center" gap="sm" wrap="wrap">
            <TextInput
              ref={field}
              type="email"
              name="email"
              required
              label="Email address"
              placeholder="you@example.org"
              autoComplete="email"
              autoFocus={post !== undefined}
              value={email}
              error={error}
              onChange={(event) => {
                setEmail(event.currentTarget.value)
                setError(undefined)
              }}
              style={{ flex: '1 1 260px', maxWidth: 360 }}
            />
            <Button type="submit" loading={subscribe.isPending} disabled={subscribe.isPending}>
              Subscribe
            </Button>
          </Group>
        </form>
        <Stack gap={4} mt="sm" align="center" ta="center">
          <Text size="sm" c="dark.7" role="status" data-testid="newsletter-check-inbox">
            {checkInbox ? 'Check your inbox: we sent you a link to confirm your subscription.' : ''}
          </Text>
          <PrivacyNote>We use your address only to send the newsletter.</PrivacyNote>
        </Stack>
      </Container>
    </Box>
  )
}
