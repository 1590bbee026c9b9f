import classes from './site-search.module.css'

/**
 * The site's search box: a plain GET form to /search, so it works the same with or without the
 * page's code (the results page reads `q`). The header shows it on wide screens, `compact` (the
 * button a magnifier named "Search"), and the menu on phones; each copy needs its own `id` for its label.
 */
export function SiteSearch({ id, compact = false }: { id: string; compact?: boolean }) {
  return (
    // A form with the search role, which every browser and screen reader knows (the <search> element is newer).
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form action="/search" method="get" role="search" className={compact ? classes.compact : classes.form}>
      <label htmlFor={id} className="visually-hidden">
        Search the site
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className={classes.input}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={compact ? 'Search' : undefined}
      />
      <button type="submit" className={classes.button}>
        {compact ? (
          <>
            <SearchIcon />
            <span className="visually-hidden">Search</span>
          </>
        ) : (
          'Search'
        )}
      </button>
    </form>
  )
}

/** A magnifying glass, for the header's search button (its name is written beside it). */
function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}
