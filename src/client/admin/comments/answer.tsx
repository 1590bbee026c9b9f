import { Button, Group, Radio, Stack } from '@mantine/core'
import { z } from 'zod'
import { DISPOSITION_LABELS, DISPOSITIONS, type Disposition } from '../../../shared/constants'
import { AnswerInputSchema, RESPONSE_MAX } from '../../../shared/schemas/standards'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { AdminComment } from './types'

/** The server's schema, with the words a person choosing nothing should read rather than the values' names. */
const AnswerSchema = AnswerInputSchema.extend({ disposition: z.enum(DISPOSITIONS, { error: 'Choose a disposition' }) })
type Values = { disposition: Disposition | ''; response: string }

/**
 * The council's written answer to a comment (editors and owners), recorded while the version is in
 * review; it is published with the version, so both the disposition and the response are required.
 */
export function AnswerForm({ comment }: { comment: AdminComment }) {
  const trpc = useTRPC()
  const form = useAdminForm<Values>(AnswerSchema, {
    disposition: comment.disposition ?? '',
    response: comment.response ?? '',
  })
  const answer = useAdminMutation(trpc.standards.answerComment.mutationOptions(), {
    refresh: [trpc.standards.pathKey()],
    form,
    success: 'Answer saved',
    failure: (_variables, error) => refusalOf(error) ?? 'The answer could not be saved',
    onSuccess: (saved) => form.resetDirty({ disposition: saved.disposition ?? '', response: saved.response ?? '' }),
  })
  const id = `answer-${comment.id}`
  const values = form.getValues()

  return (
    <form
      noValidate
      aria-label={`The council’s answer to ${comment.name}`}
      onSubmit={form.onSubmit((submitted) => {
        const parsed = AnswerSchema.parse(submitted)
        answer.mutate({ id: comment.id, ...parsed })
      }, focusFirstError)}
    >
      <Stack gap="sm">
        <Radio.Group label="Disposition" required classNames={fieldClasses} {...form.getInputProps('disposition')}>
          <Group mt="xs" gap="lg">
            {DISPOSITIONS.map((value) => (
              <Radio key={value} value={value} label={DISPOSITION_LABELS[value]} id={`${id}-${value}`} />
            ))}
          </Group>
        </Radio.Group>
        <CountedTextarea
          label="Response"
          hint="Published with the version"
          required
          rows={[3, 10]}
          max={RESPONSE_MAX}
          value={values.response}
          {...form.getInputProps('response')}
        />
        <Group>
          <Button type="submit" loading={answer.isPending}>
            {comment.disposition ? 'Update the answer' : 'Save the answer'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
