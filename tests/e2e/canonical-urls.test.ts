import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * A visit to a page's non-canonical URL, made before anyone has visited the page itself, once left
 * the router's redirect kept under the page's own entry: the page then redirected to itself for
 * everyone (docs/decisions/023-kept-answers-one-layer.md).
 */
describe.skipIf(!chromiumAndPostgres())('a page reached through a non-canonical URL', () => {
  const stack = useStack()

  it.each([
    ['/safety/', '/safety', 'Safety'],
    ['/about/', '/about', 'About Us'],
    ['/FAQ', '/faq', 'Frequently Asked Questions'],
  ])('%s, then %s, both end on the page', async (odd, canonical, heading) => {
    const { page, problems } = await stack.openPage()
    const first = await page.goto(`${stack.url}${odd}`)
    expect(first?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe(canonical)
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(heading)

    const { page: another } = await stack.openPage()
    await gotoHydrated(another, `${stack.url}${canonical}`)
    expect(new URL(another.url()).pathname).toBe(canonical)
    await expect(another.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(heading)
    expect(problems).toEqual([])
  })
})
