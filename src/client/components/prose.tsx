import { Box, type BoxProps } from '@mantine/core'
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { withSettings } from '../../shared/page-definitions'
import { useSite } from '../lib/site'
import classes from './prose.module.css'

type ProseProps = BoxProps & {
  /** The server's rendering of the council's Markdown (src/server/services/pages.ts), sanitized there. */
  html: string
  /** A page's running text, a card's, or the opening line on a page's dark band. */
  variant: 'lead' | 'card' | 'hero'
  'data-testid'?: string
}

/**
 * The council's words on a page, `{council}` and `{email}` in them the council's name and address as
 * its settings give them now (one place for each: a renamed council is renamed on every page). A link to the site's own pages is followed by the router, as the
 * pages' own links are, once the code is there; before it, and with a modifier key, the browser
 * follows it.
 */
export function Prose({ html, variant, ...boxProps }: ProseProps) {
  const router = useRouter()
  const shown = withSettings(html, useSite())
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a')
    const href = link?.getAttribute('href')
    if (!link || !href?.startsWith('/') || href.startsWith('//') || link.target) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href })
  }
  return (
    <Box
      {...boxProps}
      className={`${classes.prose} ${classes[variant]}`}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from the server's one sanitizing renderer
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  )
}
