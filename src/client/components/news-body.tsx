import { type CSSProperties, useEffect, useRef } from 'react'
import classes from './news-post.module.css'

/**
 * A post's body as the server rendered and sanitized it (src/server/services/markdown.ts). A table
 * wider than the column scrolls inside its own box; while it does, it takes keyboard focus, so a
 * person without a pointer can scroll it too (the sanitized HTML carries no tabindex of its own).
 */
export function NewsBody({ html, style, testId }: { html: string; style?: CSSProperties; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const body = ref.current
    // Marked again whenever the HTML changes (the preview), and when the column's width does.
    if (!body || !html.includes('<table')) return
    const mark = () => {
      for (const table of body.querySelectorAll('table')) {
        if (table.scrollWidth > table.clientWidth) table.tabIndex = 0
        else table.removeAttribute('tabindex')
      }
    }
    mark()
    const observer = new ResizeObserver(mark)
    observer.observe(body)
    return () => observer.disconnect()
  }, [html])
  return (
    <div
      ref={ref}
      className={classes.body}
      style={style}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from the server's one sanitizing renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
