import { Container } from '@mantine/core'
import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { HEADER_SCROLL_THRESHOLD_PX } from '../../shared/constants'
import { ABOUT_LINKS, HEADER_LINKS } from '../../shared/nav'
import { requestDeferredUi, useDeferredUi } from '../lib/deferred-ui'
import { WANTS_CODE } from '../lib/intent'
import { useFocusHandOver, useNativeDisclosure } from '../lib/native-disclosure'
import { useSite } from '../lib/site'
import { AboutLabel, MenuLinks } from './header-parts'
import { LogoMark } from './logo-mark'
import classes from './site-header.module.css'
import { SiteSearch } from './site-search'

/**
 * Fixed header. On the home page it sits transparent over the dark hero, with white text, until the
 * visitor scrolls past the threshold; everywhere else it is always solid. `data-transparent` says
 * the header may be transparent (the home page, no menu open); past the threshold the stylesheet
 * makes it solid by itself (a scroll-driven animation), before the page's code starts and without
 * it. In a browser without that animation the script watches the scroll instead, and until it runs
 * the header scrolls away with the hero (docs/decisions/041-header-at-every-scroll-position.md). A
 * page that shows the outcome of a form posted without JavaScript opens scrolled to the form: there
 * the header starts solid (docs/decisions/030-forms-without-javascript.md).
 *
 * Navigation works from the first paint, before and without the page's code: the phone menu and the
 * About links are native `<details>` disclosures in the server's HTML (lib/native-disclosure.ts),
 * and on wide screens the search box is in the header itself, a plain GET form. The About dropdown
 * (Mantine's Menu) and the phone drawer are not part of any page's first load
 * (components/header-menus.tsx, in the deferred chunk of lib/deferred-ui.ts): they are fetched when
 * the visitor approaches the header (lib/intent.ts), and when they arrive each replaces its
 * disclosure, unless the visitor has that one open (then once it is closed).
 */
export function SiteHeader() {
  const site = useSite()
  const ui = useDeferredUi()
  const pathname = useLocation({ select: (location) => location.pathname })
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX)
  const watched = scrolled !== null
  const [drawerOpen, setDrawerOpen] = useState(false)
  const subscribed = useLocation({ select: (location) => location.search.subscribed !== undefined })
  const router = useRouter()
  const [posted] = useState(() => router.options.context.formPost !== undefined)
  const [aboutOpen, setAboutOpen] = useState(false)
  const [shownPath, setShownPath] = useState(pathname)
  if (shownPath !== pathname) {
    setShownPath(pathname)
    setAboutOpen(false)
    setDrawerOpen(false)
  }
  const menu = useNativeDisclosure(pathname)
  const about = useNativeDisclosure(pathname)
  // The enhanced controls' code, once here, unless the visitor has the native one open.
  const drawerUi = menu.open ? null : ui
  const menuUi = about.open ? null : ui
  const toggleFocus = useFocusHandOver<HTMLButtonElement>(drawerUi !== null)
  // Unless the dropdown opens, which moves focus to its first item.
  const aboutFocus = useFocusHandOver<HTMLButtonElement>(menuUi !== null, aboutOpen)
  const inAbout = pathname === '/about' || pathname.startsWith('/about/')
  const transparent = pathname === '/' && !scrolled && !drawerOpen && !subscribed && !posted

  return (
    <header
      className={classes.header}
      data-transparent={transparent}
      data-scroll-watched={watched || undefined}
      data-testid="site-header"
      {...WANTS_CODE}
    >
      <Container size="lg" className={classes.inner}>
        {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
        <Link to="/" className={classes.brand}>
          <LogoMark className={classes.brandMark} />
          <span className={classes.brandName}>{site.shortName}</span>
          <span className="visually-hidden"> home</span>
        </Link>

        <nav aria-label="Main" className={classes.nav}>
          <Link to="/" className={classes.link} activeOptions={{ exact: true }}>
            Home
          </Link>
          {menuUi ? (
            <menuUi.AboutMenu
              inAbout={inAbout}
              opened={aboutOpen}
              onChange={setAboutOpen}
              buttonRef={aboutFocus.target}
            />
          ) : (
            // A hover starts the dropdown's fetch and keeps the wish to see it, which opens it when it lands.
            <details className={classes.about} {...about.details}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its disclosure's own button */}
              <summary
                ref={aboutFocus.standIn}
                className={classes.link}
                data-active={inAbout || undefined}
                {...about.summary}
                onFocus={requestDeferredUi}
                onMouseEnter={() => {
                  requestDeferredUi()
                  setAboutOpen(true)
                }}
                onMouseLeave={() => setAboutOpen(false)}
                onKeyDown={openOnArrowDown}
              >
                <AboutLabel inAbout={inAbout} />
              </summary>
              <ul className={classes.dropdown}>
                {ABOUT_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={classes.dropdownLink} activeOptions={{ exact: true }}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          )}
          {/* The current page only: a news post or a standard is not the News or Standards page. */}
          {HEADER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: true }}>
              {link.label}
            </Link>
          ))}
        </nav>

        {/* On the search page its own box is the search: one box, one "Search the site". */}
        {pathname === '/search' ? null : (
          <div className={classes.search}>
            <SiteSearch id="header-search" compact />
          </div>
        )}

        {drawerUi ? (
          <button
            ref={toggleFocus.target}
            type="button"
            className={`${classes.iconToggle} ${classes.phone}`}
            onClick={() => setDrawerOpen((open) => !open)}
            aria-label={drawerOpen ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={drawerOpen}
            aria-controls="mobile-navigation"
          >
            <span className={classes.burger} data-opened={drawerOpen || undefined} aria-hidden="true" />
          </button>
        ) : (
          <details className={`${classes.menu} ${classes.phone}`} {...menu.details}>
            <summary ref={toggleFocus.standIn} className={classes.iconToggle} {...menu.summary}>
              <span className={classes.burger} aria-hidden="true" />
              <span className={`visually-hidden ${classes.whenClosed}`}>Open navigation menu</span>
              <span className={`visually-hidden ${classes.whenOpen}`}>Close navigation menu</span>
            </summary>
            <div className={classes.sheet}>
              <SiteSearch id="menu-search" />
              <MenuLinks onChoose={menu.close} />
            </div>
          </details>
        )}
      </Container>

      {ui ? <ui.MenuDrawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
    </header>
  )
}

/**
 * Whether the window is scrolled past `threshold` pixels, in a browser whose stylesheet cannot follow
 * the scroll: a render only when that changes. Null until the script runs, and always where the
 * stylesheet follows the scroll itself (scroll-driven animations): there the header's look past the
 * threshold is the stylesheet's alone, so the script can never disagree with it, not even for a frame
 * when the code arrives mid-page (docs/decisions/041-header-at-every-scroll-position.md).
 */
function useScrolledPast(threshold: number): boolean | null {
  const [past, setPast] = useState<boolean | null>(null)
  useEffect(() => {
    if (CSS.supports('animation-timeline: scroll()')) return
    const check = () => setPast(window.scrollY > threshold)
    check()
    window.addEventListener('scroll', check, { passive: true })
    return () => window.removeEventListener('scroll', check)
  }, [threshold])
  return past
}

/** ArrowDown on the closed About disclosure opens it on its first link, as on the dropdown's button. */
function openOnArrowDown(event: KeyboardEvent<HTMLElement>) {
  const details = event.currentTarget.parentElement as HTMLDetailsElement
  if (event.key !== 'ArrowDown' || details.open) return
  event.preventDefault()
  details.open = true
  details.querySelector('a')?.focus()
}
