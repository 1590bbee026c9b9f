import { DEFAULT_THEME, MantineProvider, mergeMantineTheme } from '@mantine/core'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { layoutCssVariables } from '../../src/client/layout'
import { theme } from '../../src/client/theme'
import { mantineThemeCss } from '../../src/client/theme-styles'

/** What MantineProvider itself writes into the body: its CSS variables and its breakpoint classes. */
function providersOwnCss(): string {
  const html = renderToString(
    createElement(
      MantineProvider,
      { theme, forceColorScheme: 'light', cssVariablesResolver: layoutCssVariables },
      createElement('p', null, 'page'),
    ),
  )
  const style = (kind: string) =>
    new RegExp(`<style data-mantine-styles="${kind}">([\\s\\S]*?)</style>`).exec(html)?.[1]
  const variables = style('true')
  const classes = style('classes')
  if (variables === undefined || classes === undefined) throw new Error(`no Mantine styles in ${html}`)
  // Mantine names the shadow root's host beside :root; the site has no shadow DOM.
  return `${variables.replace(/, :host\(\[[^\]]*\]\)/g, '').replaceAll(', :host', '')}${classes}`
}

describe('the theme styles written in the head (docs/decisions/040-valid-html.md)', () => {
  it('are the CSS MantineProvider would have written in the body', () => {
    // Mantine's defaults under the site's theme, as the provider merges them. A Mantine upgrade that
    // changes what the provider writes fails here.
    const ours = mantineThemeCss(mergeMantineTheme(DEFAULT_THEME, theme), layoutCssVariables)
    expect(ours).toBe(providersOwnCss())
    expect(ours).toContain('--header-height: 72px')
    expect(ours).toContain('--mantine-primary-color-filled:')
    expect(ours).toContain('.mantine-hidden-from-lg')
  })
})
