import { Button } from '@mantine/core'
import { useHydrated } from '../lib/use-hydrated'

/**
 * "Print", for a document's page. Printing needs the page's code, which a touch screen never runs
 * (decision 057), so the button is there only once the code is: never a control that does nothing.
 * It comes last in its row, so nothing the visitor may be about to tap moves when it appears.
 */
export function PrintButton() {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Button variant="light" onClick={() => window.print()}>
      Print
    </Button>
  )
}
