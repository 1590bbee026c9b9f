import { Button } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import type { ReactNode } from 'react'

/** Honeypot: off-screen and hidden from assistive technology; people never fill it, bots do. */
export function Honeypot({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...inputProps} />
      </label>
    </div>
  )
}

/** A public form's submit button: disabled, and saying so, while the form is being sent. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending} mt="xs" style={{ alignSelf: 'flex-start' }}>
      {pending ? 'Sending...' : children}
    </Button>
  )
}
