import { Box, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { NEWSLETTER_SUCCESS } from '../../shared/form-texts'
import { toast } from '../lib/toast'
import { useTRPC } from '../lib/trpc'
import { PrivacyNote } from './privacy-note'

/** 'Stay Informed': idle → pending (disabled, spinner) → success (field cleared) or failure (field kept). */
export function NewsletterForm() {
  const trpc = useTRPC()
  const [email, setEmail] = useState('')
  const field = useRef<HTMLInputElement>(null)
  // With mail on, the address waits for its confirmation link: the toast keeps its text, and this
  // line says where the link went.
  const [checkInbox, setCheckInbox] = useState(false)
  const subscribe = useMutation(
    trpc.newsletter.subscribe.mutationOptions({
      onSuccess: (result) => {
        setEmail('')
        setCheckInbox(result.confirmationSent)
        toast({ ...NEWSLETTER_SUCCESS, variant: 'success' })
      },
      onError: () => {
        setCheckInbox(false)
        // The address is what to fix: the focus goes back to it, with what was typed kept.
        field.current?.focus()
        toast({
          title: 'Subscription Failed',
          message: 'Please check your email address and try again.',
          variant: 'destructive',
        })
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
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (!email.trim() || subscribe.isPending) return
            subscribe.mutate({ email })
          }}
        >
          <Group mt="lg" align="flex-end" justify="center" gap="sm" wrap="wrap">
            <TextInput
              ref={field}
              type="email"
              required
              label="Email address"
              placeholder="you@example.org"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
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
