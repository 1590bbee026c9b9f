import { Burger, Container, Drawer, Menu, Stack, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure, useWindowScroll } from '@mantine/hooks'
import { Link, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { HEADER_SCROLL_THRESHOLD_PX } from '../../shared/constants'
import { ABOUT_LINKS, HEADER_LINKS } from '../../shared/nav'
import { useSite } from '../lib/site'
import { LogoMark } from './logo-mark'
import classes from './site-header.module.css'

/**
 * Fixed header. On the home page it sits transparent over the dark hero, with white text, until the
 * visitor scrolls past the threshold; everywhere else it is always solid.
 */
export function SiteHeader() {
  const site = useSite()
  const pathname = useLocation({ select: (location) => location.pathname })
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
  const inAbout = pathname === '/about' || pathname.startsWith('/about/')
  const transparent = pathname === '/' && scroll.y <= HEADER_SCROLL_THRESHOLD_PX && !menuOpen

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
            <Menu
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
              <Menu.Target>
                <UnstyledButton
                  className={classes.link}
                  // On the three About pages the trigger shows where the visitor is, as a link would.
                  data-active={inAbout || undefined}
                  aria-haspopup="menu"
                  onKeyDown={(event) => {
                    if (event.key !== 'ArrowDown' || aboutOpen) return
                    event.preventDefault()
                    setAboutOpen(true)
                  }}
                >
                  About
                  {inAbout ? <span className="visually-hidden"> (current section)</span> : null}
                  <span aria-hidden="true">▾</span>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {ABOUT_LINKS.map((link) => (
                  <Menu.Item key={link.to} component={Link} to={link.to} activeOptions={{ exact: true }}>
                    {link.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
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
            onClick={menu.toggle}
            color={transparent ? 'white' : 'dark'}
            aria-label={menuOpen ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-navigation"
          />
        </nav>
      </Container>

      <Drawer
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
      </Drawer>
    </header>
  )
}
