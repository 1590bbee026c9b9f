import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AFTER_PAINT_LOADER } from '../../src/server/ssr/after-paint'

// The loader as the page runs it, handed its own tag instead of document.currentScript (which
// jsdom only sets for scripts it runs itself).
const runLoader = (tag: HTMLScriptElement) => {
  const source = AFTER_PAINT_LOADER.replace(/\(document\.currentScript\)$/, '(tag)')
  new Function('tag', source)(tag)
}

/** A pointer event as the browser sends it; jsdom has no PointerEvent, so the type is set on an Event. */
const pointer = (type: string, pointerType: string) =>
  Object.defineProperty(new Event(type), 'pointerType', { value: pointerType })

const entryScripts = () => document.head.querySelectorAll('script[type="module"]').length
const preloads = () => document.head.querySelectorAll('link[rel="modulepreload"]').length
/** After the frame that follows and a task: when the loader starts the code once a press is over. */
const afterNextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)))

describe('the loader of a public page', () => {
  let tag: HTMLScriptElement
  beforeEach(() => {
    tag = document.createElement('script')
    tag.dataset.start = 'reach'
    tag.dataset.entry = '/assets/entry.js'
    tag.dataset.preload = '/assets/a.js /assets/b.js'
    document.head.append(tag)
  })
  afterEach(async () => {
    // A loader left waiting listens on the window for the next test's events: let it start first.
    window.dispatchEvent(new Event('pointermove'))
    window.dispatchEvent(new Event('pointerup'))
    window.dispatchEvent(new Event('keyup'))
    await afterNextFrame()
    for (const node of document.head.querySelectorAll('script, link')) node.remove()
  })

  it('starts nothing while the page is only read', async () => {
    runLoader(tag)
    await afterNextFrame()
    expect(entryScripts()).toBe(0)
  })

  it('leaves a press to the browser: the code is added once it is released and the frame after it painted', async () => {
    runLoader(tag)
    window.dispatchEvent(new Event('pointerdown'))
    await afterNextFrame()
    expect(entryScripts()).toBe(0)
    window.dispatchEvent(new Event('pointerup'))
    expect(entryScripts()).toBe(0)
    await afterNextFrame()
    expect(entryScripts()).toBe(1)
    expect(preloads()).toBe(2)
  })

  it('starts once for a key press, after the key is released', async () => {
    runLoader(tag)
    window.dispatchEvent(new Event('keydown'))
    window.dispatchEvent(new Event('focusin'))
    await afterNextFrame()
    expect(entryScripts()).toBe(0)
    window.dispatchEvent(new Event('keyup'))
    await afterNextFrame()
    window.dispatchEvent(new Event('pointermove'))
    await afterNextFrame()
    expect(entryScripts()).toBe(1)
  })

  it('starts nothing for a finger or a pen, nor for the keys and the focus that follow one (a phone keyboard, a tapped field)', async () => {
    runLoader(tag)
    for (const pointerType of ['touch', 'pen']) {
      window.dispatchEvent(pointer('pointerdown', pointerType))
      window.dispatchEvent(pointer('pointermove', pointerType))
      window.dispatchEvent(pointer('pointerup', pointerType))
    }
    window.dispatchEvent(new Event('focusin'))
    window.dispatchEvent(new Event('keydown'))
    window.dispatchEvent(new Event('keyup'))
    await afterNextFrame()
    expect(entryScripts()).toBe(0)
    // A mouse still starts it (a tablet with a trackpad).
    window.dispatchEvent(pointer('pointermove', 'mouse'))
    await afterNextFrame()
    expect(entryScripts()).toBe(1)
  })

  it('starts for a mouse press once it is released', async () => {
    runLoader(tag)
    window.dispatchEvent(pointer('pointerdown', 'mouse'))
    await afterNextFrame()
    expect(entryScripts()).toBe(0)
    window.dispatchEvent(pointer('pointerup', 'mouse'))
    await afterNextFrame()
    expect(entryScripts()).toBe(1)
  })

  it('starts a frame after a mouse moves over the page', async () => {
    runLoader(tag)
    window.dispatchEvent(new Event('pointermove'))
    await afterNextFrame()
    expect(entryScripts()).toBe(1)
  })
})
