import { Box, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useId } from 'react'
import type { FormPostState } from '../../shared/form-post'
import {
  CONCERN_CONSENT,
  CONCERN_INTRO,
  CONCERN_RECEIVED_NO_MAIL,
  RAISE_CONCERN,
} from '../../shared/registry-applications'
import { FormNotice } from '../lib/form-post'
import classes from './form-parts.module.css'

/*
 * "Raise a concern about this listing" (docs/registry.md, "Concerns"): a plain HTML form that posts
 * to /api/registry/{number}/concerns with or without JavaScript. A success comes back to the page
 * with ?concern=sent; a refusal with what was typed and the messages.
 */
export function ConcernSection({
  listingKey,
  sent,
  post,
}: {
  listingKey: string
  sent: boolean
  post: FormPostState | undefined
}) {
  const consentId = useId()
  const values = post?.values ?? {}
  const field = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '')
  const error = (name: string) => post?.fields[name]
  return (
    <Box component="section" aria-labelledby="concern-heading">
      <Title order={2} size="h3" id="concern-heading">
        {RAISE_CONCERN}
      </Title>
      <Text mt="xs" c="dark.7" maw={720}>
        {CONCERN_INTRO}
      </Text>
      {sent ? <FormNotice notice={{ title: 'Concern received', message: CONCERN_RECEIVED_NO_MAIL }} /> : null}
      <FormNotice notice={post ? { title: 'Not sent', message: post.message, failed: true } : null} />
      <form method="post" action={`/api/registry/${listingKey}/concerns`} noValidate style={{ maxWidth: 640 }}>
        <Stack gap="sm" mt="md">
          <TextInput
            name="name"
            label="Your name"
            required
            autoComplete="name"
            defaultValue={field('name')}
            error={error('name')}
          />
          <TextInput
            name="email"
            label="Your e-mail"
            type="email"
            required
            autoComplete="email"
            defaultValue={field('email')}
            error={error('email')}
          />
          <Textarea
            name="whatHappened"
            label="What happened"
            required
            autosize
            minRows={4}
            defaultValue={field('whatHappened')}
            error={error('whatHappened')}
          />
          <TextInput
            name="when"
            label="When it happened"
            description="A date, or as near as you remember."
            required
            defaultValue={field('when')}
            error={error('when')}
          />
          <div className={classes.consent}>
            <div className={classes.row}>
              <input
                id={consentId}
                className={classes.box}
                type="checkbox"
                name="consent"
                defaultChecked={values.consent === true}
              />
              <label htmlFor={consentId} className={classes.label}>
                {CONCERN_CONSENT}
              </label>
            </div>
          </div>
          <div
            aria-hidden="true"
            style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
          >
            <label>
              Leave this field empty
              <input type="text" name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            Send the concern
          </Button>
        </Stack>
      </form>
    </Box>
  )
}
