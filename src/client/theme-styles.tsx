import {
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  type MantineTheme,
  px,
  useMantineTheme,
} from '@mantine/core'
import { useMemo } from 'react'

/**
 * The page-wide CSS that MantineProvider would write as `<style>` elements where it stands, in the
 * body, which is not valid HTML (a `<style>` in the body may only style what follows it, and the
 * theme's variables are on `:root`). The provider is told not to (`withCssVariables={false}`,
 * `withGlobalClasses={false}`) and the same CSS is computed here (docs/decisions/040-valid-html.md).
 */
export function mantineThemeCss(theme: MantineTheme, resolver: CSSVariablesResolver): string {
  return `${themeVariables(theme, resolver)}${breakpointClasses(theme)}`
}

const DEFAULT_VARIABLES = defaultCssVariablesResolver(DEFAULT_THEME)
type Group = keyof ConvertCSSVariablesInput

/** The theme's variables that differ from the defaults Mantine's stylesheet already declares. */
function themeVariables(theme: MantineTheme, resolver: CSSVariablesResolver): string {
  const ours = defaultCssVariablesResolver(theme)
  const extra = resolver(theme)
  const changed: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} }
  for (const group of ['variables', 'light', 'dark'] as const satisfies Group[]) {
    const merged = { ...ours[group], ...extra[group] }
    // Mantine types the keys as CSS custom properties; Object.keys widens them to string.
    for (const name of Object.keys(merged) as `--${string}`[]) {
      const value = merged[name]
      if (value !== undefined && DEFAULT_VARIABLES[group][name] !== value) changed[group][name] = value
    }
  }
  return convertCssVariables(changed, ':root')
}

/** What `hiddenFrom` / `visibleFrom` need: one media query each way per breakpoint. */
function breakpointClasses(theme: MantineTheme): string {
  return Object.entries(theme.breakpoints)
    .map(([name, size]) => {
      const value = Number(px(size))
      const width = (offset: number) => (String(size).includes('px') ? `${value + offset}px` : em(value + offset))
      return (
        `@media (max-width: ${width(-0.1)}) {.mantine-visible-from-${name} {display: none !important;}}` +
        `@media (min-width: ${width(0)}) {.mantine-hidden-from-${name} {display: none !important;}}`
      )
    })
    .join('')
}

/**
 * The theme's CSS as a style sheet React 19 puts in the head (a `<style>` with `href` and
 * `precedence` is hoisted there, after the site's stylesheet, whose precedence comes first), on the
 * server and in the browser alike. Rendered inside MantineProvider.
 */
export function MantineThemeStyles({ resolver }: { resolver: CSSVariablesResolver }) {
  const theme = useMantineTheme()
  const css = useMemo(() => mantineThemeCss(theme, resolver), [theme, resolver])
  return (
    <style href="mantine-theme" precedence="mantine">
      {css}
    </style>
  )
}
