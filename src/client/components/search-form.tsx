import { Box, Button, Group, TextInput } from '@mantine/core'
import { SITE_SEARCH_RULE } from '../../shared/text-rules'

/**
 * The site's search box: a plain GET form to /search, so it works before the page's script has
 * loaded and without JavaScript at all (docs/decisions/029-site-search.md). `problem` says why the
 * search in the address was not run (too long, a character that cannot be searched for); it shows
 * under the box, which it describes.
 */
export function SearchForm({ value, problem }: { value: string; problem?: string }) {
  return (
    <Box component="form" method="get" action="/search" role="search" aria-label="Site search">
      <TextInput
        // A new search in the address is a new box (its typed value is not React's to keep).
        key={value}
        // A fixed id: Mantine's own is replaced after hydration, which would change the error's id
        // under the box's aria-describedby while someone reads it.
        id="site-search-q"
        type="search"
        name="q"
        label="Search the site"
        defaultValue={value}
        maxLength={SITE_SEARCH_RULE.max.length}
        autoComplete="off"
        error={problem}
        // The button sits beside the box, between the label above and the message below.
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box style={{ flex: '1 1 auto', minWidth: 0 }}>{input}</Box>
            <Button type="submit" style={{ flex: 'none' }}>
              Search
            </Button>
          </Group>
        )}
      />
    </Box>
  )
}
