import { Alert, Container } from '@mantine/core'
import { DISCLAIMER_TEXT } from '../../content/facts'

/** The wellness-only disclaimer that every content page repeats (docs/product.md#who-it-is-for). */
export function DisclaimerBox() {
  return (
    <Container size="lg" py="xl">
      <Alert
        variant="light"
        color="yellow"
        title="Important Disclaimer"
        styles={{ title: { color: 'var(--mantine-color-dark-8)' }, message: { color: 'var(--mantine-color-dark-7)' } }}
        data-testid="disclaimer"
        // The same words on every page: the site search leaves them out (docs/decisions/029-site-search.md).
        data-nosearch
      >
        {DISCLAIMER_TEXT}
      </Alert>
    </Container>
  )
}
