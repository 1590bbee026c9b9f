/**
 * Runs `run` once the page has finished loading (the window's load event), or at once when it
 * already has. For code no page needs for its first render: fetching it after the load event keeps
 * it out of the first load (docs/decisions/021-first-load-budget.md) while it is still in place
 * before a visitor reaches for it. No timer: the browser tests' fake clock must not hold it back.
 */
export function afterPageLoad(run: () => void): void {
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', () => run(), { once: true })
}
