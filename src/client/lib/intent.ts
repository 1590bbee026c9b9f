/**
 * Marks a part of a public page whose approach fetches code the visitor is about to need: the
 * header (its drawer and About dropdown) and the forms (their toasts and the tRPC link). Spread it
 * on the element: `<header {...WANTS_CODE}>`.
 * (docs/decisions/033-deferred-code-on-approach.md)
 */
export const WANTS_CODE = { 'data-wants-code': '' } as const

const SELECTOR = '[data-wants-code]'
// A pointer moving over it (a mouse on its way to a control), a finger landing on it, or focus
// moving into it (the keyboard, and a tap on a field).
const APPROACH = ['pointerover', 'touchstart', 'focusin'] as const
/** What to run on the first approach of an element each selector finds. */
const waiting = new Map<string, Set<() => void>>()
let listening = false

function onApproach(event: Event) {
  if (!(event.target instanceof Element)) return
  for (const [selector, runs] of waiting) {
    if (!event.target.closest(selector)) continue
    waiting.delete(selector)
    for (const run of runs) run()
  }
  if (waiting.size > 0) return
  for (const type of APPROACH) window.removeEventListener(type, onApproach, true)
  listening = false
}

function whenSelectorApproached(selector: string, run: () => void): void {
  if (document.querySelector(`${selector}:hover, ${selector}:focus-within`)) {
    run()
    return
  }
  const runs = waiting.get(selector) ?? new Set()
  runs.add(run)
  waiting.set(selector, runs)
  if (listening) return
  listening = true
  for (const type of APPROACH) window.addEventListener(type, onApproach, { capture: true, passive: true })
}

/**
 * Runs `run` once, when the visitor first approaches a part marked with WANTS_CODE, or at once if
 * the pointer or the focus is in one already (the approach that started the page's code, say).
 * The browser only: nothing is listened for on the server.
 */
export function whenApproached(run: () => void): void {
  whenSelectorApproached(SELECTOR, run)
}

/**
 * Runs `run` once, when the visitor first approaches the deferred part `name` (its element carries
 * `data-deferred-part="name"`: lib/deferred-part.tsx), or at once if the pointer or the focus is in
 * it already. The browser only.
 */
export function whenPartApproached(name: string, run: () => void): void {
  whenSelectorApproached(`[data-deferred-part="${name}"]`, run)
}
