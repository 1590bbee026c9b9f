import { type ComponentType, memo, Suspense, use } from 'react'
import { whenPartApproached } from './intent'
import { useHydrated } from './use-hydrated'

/**
 * A part of a public page whose code comes when the visitor approaches it
 * (docs/decisions/059-forms-hydrate-on-approach.md): a form, or the library's search and sort.
 *
 * The server renders it in full. In the browser, where the page is hydrated, its server markup stays
 * as it is (a form that posts as HTML, decision 030) until a pointer moves over it, a finger lands on
 * it or the focus moves into it; then its code is fetched and React hydrates it, keeping what was
 * typed meanwhile (lib/typed-before-code.ts). Where it is rendered in the browser without server
 * markup (a client-side visit), its code is fetched at once, and nothing shows until it is there.
 */
/** After a failed fetch of a part's code, the least wait before it is tried again. */
const RETRY_MS = 2000

/** Every part's code, which the server has before it renders a page. */
const everyPart: Array<() => Promise<unknown>> = []

/** Every part's code loaded, for the parts registered so far; renewed when one more registers. */
let everyPartLoaded: Promise<unknown> | undefined

/**
 * Server only: resolves once every deferred part's code is loaded, so that a render never suspends
 * on one. Parts register as their route's chunk loads, so each render asks; once all are loaded
 * (or one failed, and so is tried again) that is one settled promise.
 */
export function preloadDeferredParts(): Promise<unknown> {
  everyPartLoaded ??= Promise.all(everyPart.map((preload) => preload())).catch((error: unknown) => {
    everyPartLoaded = undefined
    throw error
  })
  return everyPartLoaded
}

/**
 * `name` marks the part's element (`data-deferred-part`), and must be unique on a page; `load`
 * imports the component (a dynamic import, so that it is a chunk of its own). The part is memoised
 * here, once for every caller: a render from above would reach it while it waits for its visitor, and
 * React would drop its server markup to render it afresh. So a part takes no props that change.
 */
export function deferredPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let component: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () => {
    loading ??= load().then(
      (loaded) => {
        component = loaded
        return loaded
      },
      (error: unknown) => {
        // A failed fetch (the visitor went offline, a deploy replaced the chunk) is tried again on the next render.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  let approached: Promise<ComponentType<P>> | undefined
  const onApproach = () => {
    // Settles only once the code is here. A fetch that fails at the approach (offline, a deploy
    // replaced the chunk) leaves the promise waiting, and so the boundary waiting with the server's
    // markup: the form goes on posting as HTML. The next approach, or a pointer or the focus still
    // in the part RETRY_MS later, tries again (a browser that keeps a failed module out of its
    // module map fetches it again; one that does not keeps the HTML form until a reload).
    approached ??= new Promise<ComponentType<P>>((resolve) => {
      const attempt = () =>
        whenPartApproached(name, () => {
          preload().then(resolve, () => setTimeout(attempt, RETRY_MS))
        })
      attempt()
    })
    return approached
  }
  everyPart.push(preload)
  everyPartLoaded = undefined

  function Code(props: P) {
    // False while React hydrates the server's markup of the part (then its code waits for the
    // visitor), true where the part is rendered afresh in the browser (then it is fetched at once).
    // Asked here, inside the boundary, not in Part: a render of Part after hydration would be an
    // update to the boundary still waiting, and React would drop the server's markup for the fallback.
    const fresh = useHydrated()
    const Component = component ?? use(fresh ? preload() : onApproach())
    return <Component {...props} />
  }

  function Part(props: P) {
    return (
      // display: contents, so that the marker takes no part in the layout (a flex row, a grid).
      <div data-deferred-part={name} style={{ display: 'contents' }}>
        <Suspense fallback={null}>
          <Code {...props} />
        </Suspense>
      </div>
    )
  }
  Part.displayName = `DeferredPart(${name})`
  return memo(Part)
}
