import type { CSSProperties, ReactNode } from 'react'
import classes from './notice-box.module.css'

/**
 * A titled box of text in a light tone: the disclaimer (a note), a form's outcome (a status or an
 * alert). Plain markup and a stylesheet: nothing in it changes in the browser.
 */
export function NoticeBox({
  tone,
  role,
  title,
  children,
  ...rest
}: {
  tone: 'yellow' | 'red' | 'teal'
  role: 'note' | 'status' | 'alert'
  title: string
  children: ReactNode
  'data-testid': string
  'data-nosearch'?: boolean
  style?: CSSProperties
}) {
  return (
    <div role={role} className={classes.box} data-tone={tone} {...rest}>
      <p className={classes.title}>{title}</p>
      <p className={classes.text}>{children}</p>
    </div>
  )
}
