import { Burger, Container, Stack, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core'
import { useDisclosure, useWindowScroll } from '@mantine/hooks'
import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { type ComponentPropsWithRef, useEffect, useRef, useState } from 'react'
import { HEADER_SCROLL_THRESHOLD_PX } from '../../shared/constants'
import { ABOUT_LINKS, HEADER_LINKS } from '../../shared/nav'
import { requestDeferredUi, type StandInProps, useDeferredUi, useStandIn } from '../lib/deferred-ui'
import { useSite } from '../lib/site'
import { LogoMark } from './logo-mark'
import classes from './site-header.module.css'

/**
 * Fixed header. On the home page it sits transparent over the dark hero, with white text, until the
 * visitor scrolls past the threshold; everywhere else it is always solid. A page that shows the
 * outcome of a form posted without JavaScript opens scrolled to the form, and no script will see the
 * scroll: there the header starts solid (docs/decisions/030-forms-without-javascript.md).
 *
 * The About dropdown (Mantine's Menu) and the mobile drawer are not part of any page's first load
 * (lib/deferred-ui.ts): until they arrive, just after the page has loaded, the About button is a
 * stand-in with the same look and markup, and the closed drawer renders nothing, as it always does.
 */
export function SiteHeader() {
  const site = useSite()
  const ui = useDeferredUi()
  const pathname = useLocation({ select: (location) => location.pathname })
  const subscribed = useLocation({ select: (location) => location.search.subscribed !== undefined })
  const router = useRouter()
  const [posted] = useState(() => router.options.context.formPost !== undefined)
  const [scroll] = useWindowScroll()
  const [menuOpen, menu] = useDisclosure(false)
  // The About dropdown is controlled so that ArrowDown on its button can open it (WAI-ARIA menu
  // button), and so that a navigation always closes it.
  const [aboutOpen, setAboutOpen] = useState(false)
  const [shownPath, setShownPath] = useState(pathname)
  if (shownPath !== pathname) {
    setShownPath(pathname)
    setAboutOpen(false)
    menu.close()
  }
  // The stand-in About button had keyboard focus when the real one replaced it: the real one takes it
  // (unless the menu opens, which moves focus to its first item).
  const aboutButton = useRef<HTMLButtonElement>(null)
  const focusAboutButton = useRef(false)
  useEffect(() => {
    if (!ui || !focusAboutButton.current) return
    focusAboutButton.current = false
    if (!aboutOpen) aboutButton.current?.focus()
  }, [ui, aboutOpen])
  const inAbout = pathname === '/about' || pathname.startsWith('/about/')
  const transparent = pathname === '/' && scroll.y <= HEADER_SCROLL_THRESHOLD_PX && !menuOpen && !subscribed && !posted

  return (
    <header className={classes.header} data-transparent={transparent} data-testid="site-header">
      <Container size="lg" className={classes.inner}>
        {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
        <Link to="/" className={classes.brand}>
          <LogoMark className={classes.brandMark} />
          <span className={classes.brandName}>{site.shortName}</span>
          <span className="visually-hidden"> home</span>
        </Link>

        <nav aria-label="Main" className={classes.nav}>
          <Stack visibleFrom="lg" style={{ flexDirection: 'row', gap: 2, alignItems: 'center' }}>
            <Link to="/" className={classes.link} activeOptions={{ exact: true }}>
              Home
            </Link>
            {/* No open delay: a pending delayed open would re-open the menu just after an item is clicked
                (a tap, or a quick click after entering the dropdown). */}
            {ui ? (
              <ui.Menu
                trigger="click-hover"
                openDelay={0}
                closeDelay={150}
                position="bottom-start"
                withinPortal
                opened={aboutOpen}
                onChange={setAboutOpen}
                // Without the placeholder, opening moves focus to the first item, as the menu button
                // pattern asks; the placeholder (a focusable role-less div) also broke the menu's
                // required-children rule.
                withInitialFocusPlaceholder={false}
              >
                <ui.Menu.Target>
                  <AboutButton
                    ref={aboutButton}
                    inAbout={inAbout}
                    onKeyDown={(event) => {
                      if (event.key !== 'ArrowDown' || aboutOpen) return
                      event.preventDefault()
                      setAboutOpen(true)
                    }}
                  />
                </ui.Menu.Target>
                <ui.Menu.Dropdown>
                  {ABOUT_LINKS.map((link) => (
                    <ui.Menu.Item key={link.to} component={Link} to={link.to} activeOptions={{ exact: true }}>
                      {link.label}
                    </ui.Menu.Item>
                  ))}
                </ui.Menu.Dropdown>
              </ui.Menu>
            ) : (
              <AboutStandIn
                inAbout={inAbout}
                onOpen={() => setAboutOpen(true)}
                onClose={() => setAboutOpen(false)}
                onLeaveFocused={() => {
                  focusAboutButton.current = true
                }}
              />
            )}
            {HEADER_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={classes.link}>
                {link.label}
              </Link>
            ))}
          </Stack>
          <Burger
            className={classes.burger}
            hiddenFrom="lg"
            opened={menuOpen}
            onClick={() => {
              requestDeferredUi()
              menu.toggle()
            }}
            color={transparent ? 'white' : 'dark'}
            aria-label={menuOpen ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-navigation"
          />
        </nav>
      </Container>

      {ui ? (
        <ui.Drawer
          opened={menuOpen}
          onClose={menu.close}
          position="right"
          size="xs"
          title={<Text fw={700}>Menu</Text>}
          id="mobile-navigation"
          hiddenFrom="lg"
          zIndex={300}
          closeButtonProps={{ 'aria-label': 'Close menu' }}
        >
          <nav aria-label="Mobile">
            <Link to="/" className={classes.drawerLink} onClick={menu.close} activeOptions={{ exact: true }}>
              Home
            </Link>
            <Text size="xs" tt="uppercase" fw={700} c="gray.7" px={8} pt={8}>
              About
            </Text>
            {ABOUT_LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={`${classes.drawerLink} ${classes.drawerSub}`}
                onClick={menu.close}
                activeOptions={{ exact: true }}
              >
                {link.label}
              </Link>
            ))}
            {HEADER_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={classes.drawerLink} onClick={menu.close}>
                {link.label}
              </Link>
            ))}
          </nav>
        </ui.Drawer>
      ) : null}
    </header>
  )
}

type AboutButtonProps = UnstyledButtonProps & ComponentPropsWithRef<'button'> & { inAbout: boolean }

/** The About button, as Menu.Target wraps it and as its stand-in renders it. */
function AboutButton({ inAbout, className, ...props }: AboutButtonProps) {
  return (
    <UnstyledButton
      // On the three About pages the trigger shows where the visitor is, as a link would.
      data-active={inAbout || undefined}
      aria-haspopup="menu"
      {...props}
      // Menu.Target passes its own (empty) className: keep the link style with it.
      className={className ? `${classes.link} ${className}` : classes.link}
    >
      About
      {inAbout ? <span className="visually-hidden"> (current section)</span> : null}
      <span aria-hidden="true">▾</span>
    </UnstyledButton>
  )
}

/**
 * The About button until the dropdown's code is here: the closed trigger's markup (Menu.Target adds
 * aria-expanded and an id), and the visitor's moves kept in the controlled open state, so a hover, a
 * click, Enter or ArrowDown made meanwhile opens the menu as soon as it can. It hands over keyboard
 * focus to the real button, should it have it then.
 */
function AboutStandIn({
  inAbout,
  onOpen,
  onClose,
  ...standIn
}: {
  inAbout: boolean
  onOpen: () => void
  onClose: () => void
} & StandInProps) {
  const { id, button } = useStandIn(standIn)
  const openedViaClick = useRef(false)
  return (
    <AboutButton
      ref={button}
      inAbout={inAbout}
      aria-expanded={false}
      id={id}
      onFocus={requestDeferredUi}
      onMouseEnter={() => {
        requestDeferredUi()
        onOpen()
      }}
      onMouseLeave={() => {
        if (!openedViaClick.current) onClose()
      }}
      onClick={() => {
        openedViaClick.current = true
        requestDeferredUi()
        onOpen()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return
        event.preventDefault()
        requestDeferredUi()
        onOpen()
      }}
    />
  )
}
