import { Button, Group, TextInput } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { HIDE_REASON_MAX, HideInputSchema } from '../../../shared/schemas/standards'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { fieldsUnder } from '../standards/versions'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { AdminComment } from './types'

/**
 * A moderator's part: hide a comment as spam, saying why (it stays in the council's record, out of
 * the public one), or show it again. The focus stays on the control that replaces the one pressed.
 */
export function HideControls({ comment }: { comment: AdminComment }) {
  const trpc = useTRPC()
  const [asking, setAsking] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const reason = useRef<HTMLInputElement>(null)
  const form = useAdminForm<{ hidden: boolean; reason: string }>(HideInputSchema, { hidden: true, reason: '' })
  useEffect(() => {
    if (asking) reason.current?.focus()
  }, [asking])
  // The button pressed is replaced once the list comes back with the comment's new state: the focus
  // goes to its replacement then, not before (the old button is still there until the refetch).
  const refocus = useRef(false)
  const lastHidden = useRef(comment.hidden)
  useEffect(() => {
    if (lastHidden.current === comment.hidden) return
    lastHidden.current = comment.hidden
    if (!refocus.current) return
    refocus.current = false
    toggle.current?.focus()
  })

  const hide = useAdminMutation(trpc.standards.hideComment.mutationOptions(), {
    refresh: [trpc.standards.pathKey()],
    form: { setErrors: (errors) => form.setErrors(fieldsUnder('hide', errors)) },
    success: (_done, variables) => (variables.hide.hidden ? 'Comment hidden as spam' : 'Comment shown again'),
    failure: (_variables, error) => refusalOf(error) ?? 'The comment could not be changed',
    onSuccess: () => {
      refocus.current = true
      setAsking(false)
      form.reset()
    },
  })
  const from = `the comment from ${comment.name}`

  if (comment.hidden) {
    return (
      <Group>
        <Button
          ref={toggle}
          variant="default"
          loading={hide.isPending}
          onClick={() => hide.mutate({ id: comment.id, hide: { hidden: false } })}
        >
          Show again<span className="visually-hidden">: {from}</span>
        </Button>
      </Group>
    )
  }
  if (!asking) {
    return (
      <Group>
        <Button ref={toggle} variant="outline" color="red.9" onClick={() => setAsking(true)}>
          Hide as spam<span className="visually-hidden">: {from}</span>
        </Button>
      </Group>
    )
  }
  return (
    <form
      noValidate
      aria-label={`Hide ${from} as spam`}
      onSubmit={form.onSubmit((values) => hide.mutate({ id: comment.id, hide: values }), focusFirstError)}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          ref={reason}
          label="Why it is hidden"
          description="Kept in the record; never shown to the public"
          required
          maxLength={HIDE_REASON_MAX}
          style={{ flex: '1 1 220px', minWidth: 0 }}
          classNames={fieldClasses}
          {...form.getInputProps('reason')}
        />
        <Group gap="sm">
          <Button type="submit" color="red.9" loading={hide.isPending}>
            Hide
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setAsking(false)
              form.reset()
              requestAnimationFrame(() => toggle.current?.focus())
            }}
          >
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  )
}
