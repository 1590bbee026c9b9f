import { Drawer, Menu, UnstyledButton } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import { ABOUT_LINKS } from '../../shared/nav'
import { AboutLabel, MenuLinks } from './header-parts'
import classes from './site-header.module.css'
import { SiteSearch } from './site-search'

/**
 * The header's About dropdown (Mantine's Menu), in the deferred chunk (components/deferred-ui.tsx):
 * it replaces the native disclosure once here. Controlled, so that ArrowDown on its button can open
 * it (WAI-ARIA menu button) and a navigation always closes it.
 */
export function AboutMenu({
  inAbout,
  opened,
  onChange,
  buttonRef,
}: {
  inAbout: boolean
  opened: boolean
  onChange: (opened: boolean) => void
  buttonRef: Ref<HTMLButtonElement>
}) {
  return (
    // No open delay: a pending delayed open would re-open the menu just after an item is clicked (a
    // tap, or a quick click after entering the dropdown).
    <Menu
      trigger="click-hover"
      openDelay={0}
      closeDelay={150}
      position="bottom-start"
      withinPortal
      opened={opened}
      onChange={onChange}
      // Without the placeholder, opening moves focus to the first item, as the menu button pattern
      // asks; the placeholder (a focusable role-less div) also broke the menu's required-children rule.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          ref={buttonRef}
          className={classes.link}
          // On the three About pages the trigger shows where the visitor is, as a link would.
          data-active={inAbout || undefined}
          aria-haspopup="menu"
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' || opened) return
            event.preventDefault()
            onChange(true)
          }}
        >
          <AboutLabel inAbout={inAbout} />
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
  )
}

/** The phone menu as a drawer, with its focus trap and Escape: replaces the native menu once here. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={<span className={classes.drawerTitle}>Menu</span>}
      id="mobile-navigation"
      hiddenFrom="lg"
      zIndex={300}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <SiteSearch id="drawer-search" />
      <MenuLinks onChoose={onClose} />
    </Drawer>
  )
}
