import { Box } from '@mantine/core'
import classes from './comparison-table.module.css'

/**
 * A table whose first column heads each row (the mild-versus-medical comparison). It scrolls
 * sideways inside its own labelled, focusable region on narrow screens instead of the page.
 */
export function ComparisonTable({
  header,
  rows,
  label,
  caption,
  testId,
  mt,
}: {
  header: string[]
  rows: string[][]
  label: string
  caption?: string
  testId?: string
  mt?: string
}) {
  return (
    <Box className={classes.scroll} mt={mt} tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      <table className={classes.table} data-striped={caption ? undefined : true}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={cell} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={cell}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  )
}
