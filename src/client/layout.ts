import type { CSSVariablesResolver } from '@mantine/core'

/**
 * Height of the fixed site header. Whatever opens a page (a hero, the not-found page) pads its top
 * by this much so the header does not cover it.
 */
export const HEADER_HEIGHT_PX = 72

/**
 * The same height for CSS, as var(--header-height): the header's stylesheet cannot import a
 * TypeScript constant, so the theme's styles (theme-styles.tsx) write this variable into the page
 * from the one above.
 */
export const layoutCssVariables: CSSVariablesResolver = () => ({
  variables: { '--header-height': `${HEADER_HEIGHT_PX}px` },
  light: {},
  dark: {},
})
