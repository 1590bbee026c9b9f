import { notifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

/*
 * What jsdom lacks and Mantine calls: stand-ins for the environment, not for any code of ours.
 * No media query matches (the phone layouts' `base` styles apply; reduced motion is off, so the
 * dialogs' transitions run their timers as in a browser), nothing is ever resized, and computed
 * styles are asked without a pseudo-element, which jsdom does not implement.
 */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
})

class NoResize implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = NoResize

const computed = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => computed(element)

Element.prototype.scrollIntoView = () => {}

// A growing text box measures itself again when web fonts load; jsdom loads none and has no FontFaceSet.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
})
// The router restores the scroll position on each navigation; jsdom lays nothing out to scroll.
window.scrollTo = () => {}

// findBy and waitFor wait up to 5 s rather than 1: the machine that runs the suite is shared, and a
// dialog's 200 ms transition or a lazily imported module can take longer than a second there.
configure({ asyncUtilTimeout: 5_000 })

// Vitest runs without globals here, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup()
  // Mantine keeps its toasts in a store of the module's, which outlives the component that shows them.
  notifications.clean()
  // The fetch (tests/client/fake-server.ts) and any location a test put in the browser's place.
  vi.unstubAllGlobals()
})
