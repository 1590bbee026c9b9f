import { Box, type BoxProps, getSpacing, type MantineSpacing } from '@mantine/core'
import type { AriaAttributes, CSSProperties, ReactNode } from 'react'
import classes from './responsive-grid.module.css'

const BREAKPOINTS = ['base', 'xs', 'sm', 'md', 'lg', 'xl'] as const
type Breakpoint = (typeof BREAKPOINTS)[number]
/** A value for every width, or one from a breakpoint up (`{ base: 1, md: 3 }`), as Mantine's props take it. */
type Responsive<T> = T | Partial<Record<Breakpoint, T>>

type ResponsiveGridProps = BoxProps &
  AriaAttributes & {
    id?: string
    [data: `data-${string}`]: string | boolean | undefined
    /** The element: a list's items go in a `ul`. */
    component?: 'div' | 'ul'
    /** Equal columns, as SimpleGrid's `cols`. */
    cols?: Responsive<number>
    /** Or the columns as CSS `grid-template-columns`, e.g. `{ base: '1fr', md: '5fr 7fr' }`. */
    template?: Responsive<string>
    spacing?: MantineSpacing | number
    /** Between rows, when not `spacing`. */
    verticalSpacing?: MantineSpacing | number
    children?: ReactNode
  }

/** Each breakpoint's value, the smaller breakpoints' carried up where one is not given. */
function everyBreakpoint<T>(value: Responsive<T>, fallback: T): Record<Breakpoint, T> {
  const given: Partial<Record<Breakpoint, T>> =
    typeof value === 'object' && value !== null ? (value as Partial<Record<Breakpoint, T>>) : { base: value as T }
  let current = fallback
  const all = {} as Record<Breakpoint, T>
  for (const breakpoint of BREAKPOINTS) {
    current = given[breakpoint] ?? current
    all[breakpoint] = current
  }
  return all
}

const equalColumns = (count: number) => `repeat(${count}, minmax(0, 1fr))`

/**
 * A grid whose columns change with the width, in place of Mantine's SimpleGrid and Grid: those
 * write their media queries as a `<style>` element beside the grid, in the body, which is not
 * valid HTML (docs/decisions/040-valid-html.md). Here the queries live in a stylesheet and the
 * element only carries CSS variables.
 */
export function ResponsiveGrid({
  component = 'div',
  cols = 1,
  template,
  spacing = 'md',
  verticalSpacing,
  className,
  style,
  children,
  ...rest
}: ResponsiveGridProps) {
  const columns = template === undefined ? everyBreakpoint(cols, 1) : everyBreakpoint(template, 'minmax(0, 1fr)')
  const variables: Record<string, string | undefined> = {
    '--rg-column-gap': getSpacing(spacing),
    '--rg-row-gap': getSpacing(verticalSpacing ?? spacing),
  }
  for (const breakpoint of BREAKPOINTS) {
    const value = columns[breakpoint]
    variables[`--rg-${breakpoint}`] = typeof value === 'number' ? equalColumns(value) : value
  }
  const props = {
    className: className ? `${classes.grid} ${className}` : classes.grid,
    style: [variables as CSSProperties, style],
    children,
  }
  // Two branches: Box's polymorphic props cannot take a union of elements.
  return component === 'ul' ? <Box component="ul" {...props} {...rest} /> : <Box {...props} {...rest} />
}
