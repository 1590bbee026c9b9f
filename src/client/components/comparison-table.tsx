import { Box, Table } from '@mantine/core'
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
      <Table
        withTableBorder
        withColumnBorders
        striped={!caption}
        captionSide="top"
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz={{ base: 'sm', sm: 'md' }}
      >
        {caption ? (
          <Table.Caption c="dark.7" ta="left" fw={600}>
            {caption}
          </Table.Caption>
        ) : null}
        <Table.Thead>
          <Table.Tr>
            {header.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.join('|')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <Table.Th key={cell} scope="row">
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={cell} c="dark.7">
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  )
}
