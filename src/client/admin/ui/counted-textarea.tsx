import { Textarea, type TextareaProps } from '@mantine/core'
import type { Ref } from 'react'
import fieldClasses from './fields.module.css'

type Props = Omit<TextareaProps, 'rows' | 'minRows' | 'maxRows' | 'autosize' | 'description' | 'value'> & {
  /** Its height in lines: at first, and at most as it grows with the text. */
  rows: [number, number]
  /** The schema's limit for the field (shared/schemas): the count says "{n} / {max}". */
  max: number
  value: string
  /** The editor that opens on this field moves the focus to it. */
  ref?: Ref<HTMLTextAreaElement>
  /**
   * What to write, said before the count ("What this version changes · 12 / 500"), above the box,
   * where it is read before typing; without one, the bare count stands under the box.
   */
  hint?: string
}

/**
 * Every admin editor's long text: a box that grows as it is written in, with its count of characters
 * out of its maximum as its description, which Mantine ties to it (aria-describedby), so a screen
 * reader reads the count after the field's name.
 */
export function CountedTextarea({ rows: [minRows, maxRows], max, value, hint, ...props }: Props) {
  const count = `${value.length} / ${max}`
  return (
    <Textarea
      autosize
      minRows={minRows}
      maxRows={maxRows}
      description={hint ? `${hint} · ${count}` : count}
      inputWrapperOrder={hint ? undefined : ['label', 'input', 'description', 'error']}
      classNames={fieldClasses}
      value={value}
      {...props}
    />
  )
}
