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
const waiting = new Set<() => void>()
let listening = false

function onApproach(event: Event) {
  if (!(event.target instanceof Element) || !event.target.closest(SELECTOR)) return
  for (const type of APPROACH) window.removeEventListener(type, onApproach, true)
  listening = false
  const runs = [...waiting]
  waiting.clear()
  for (const run of runs) run()
}

/**
 * Runs `run` once, when the visitor first approaches a part marked with WANTS_CODE, or at once if
 * the pointer or the focus is in one already (the approach that started the page's code, say).
 * The browser only: nothing is listened for on the server.
 */
export function whenApproached(run: () => void): void {
  if (document.querySelector(`${SELECTOR}:hover, ${SELECTOR}:focus-within`)) {
    run()
    return
  }
  waiting.add(run)
  if (listening) return
  listening = true
  for (const type of APPROACH) window.addEventListener(type, onApproach, { capture: true, passive: true })
}
