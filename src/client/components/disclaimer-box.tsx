import { Container } from '@mantine/core'
import { useSite } from '../lib/site'
import { NoticeBox } from './notice-box'

/**
 * The wellness-only disclaimer that every content page repeats (docs/product.md#who-it-is-for): a
 * note the page always carries, not an alert, so nothing is announced when the page opens.
 */
export function DisclaimerBox() {
  const disclaimer = useSite().disclaimer
  return (
    <Container size="lg" py="xl">
      <NoticeBox
        tone="yellow"
        role="note"
        title="Important Disclaimer"
        data-testid="disclaimer"
        // The same words on every page: the site search leaves them out (docs/decisions/029-site-search.md).
        data-nosearch
      >
        {disclaimer}
      </NoticeBox>
    </Container>
  )
}
