import { Link } from '@tanstack/react-router'
import { ABOUT_LINKS, HEADER_LINKS } from '../../shared/nav'
import classes from './site-header.module.css'

/** The phone menu's links, in the drawer and in the disclosure alike; choosing one closes the menu. */
export function MenuLinks({ onChoose }: { onChoose: () => void }) {
  return (
    <nav aria-label="Mobile" className={classes.menuLinks}>
      <Link to="/" className={classes.drawerLink} onClick={onChoose} activeOptions={{ exact: true }}>
        Home
      </Link>
      <p className={classes.drawerGroup}>About</p>
      {ABOUT_LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={`${classes.drawerLink} ${classes.drawerSub}`}
          onClick={onChoose}
          activeOptions={{ exact: true }}
        >
          {link.label}
        </Link>
      ))}
      {HEADER_LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={classes.drawerLink}
          onClick={onChoose}
          activeOptions={{ exact: true }}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  )
}

/** The About trigger's text, on the native disclosure and on the dropdown's button alike. */
export function AboutLabel({ inAbout }: { inAbout: boolean }) {
  return (
    <>
      About
      {inAbout ? <span className="visually-hidden"> (current section)</span> : null}
      <span aria-hidden="true">▾</span>
    </>
  )
}
