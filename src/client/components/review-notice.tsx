import { Container } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTRPC } from '../lib/trpc'
import classes from './review-notice.module.css'
import { StandardDate } from './standard-date'

/**
 * The home page's word that a standard is in public review, with the way to its draft: only while a
 * review is open for comment (nothing while none is, or the list failed to load). The list is the
 * standards page's own (`standards.list`); the kept home page is dropped when a review opens or is
 * withdrawn (the versions' triggers) and when one closes by its date (the news scheduler's tick).
 */
export function ReviewNotice() {
  const trpc = useTRPC()
  const open = (useQuery(trpc.standards.list.queryOptions()).data ?? []).flatMap((document) =>
    document.review?.open ? [{ document, review: document.review }] : [],
  )
  if (open.length === 0) return null
  return (
    // Council news of the moment, not the home page's text: the standard itself is searched.
    <section className={classes.band} aria-labelledby="review-notice-heading" data-testid="review-notice" data-nosearch>
      <Container size="lg">
        <h2 id="review-notice-heading" className={classes.heading}>
          Public review
        </h2>
        <ul className={classes.list}>
          {open.map(({ document, review }) => (
            <li key={document.key}>
              <span className={classes.text}>
                {document.title} ({document.number}), version {review.version}, is open for comment until{' '}
                <StandardDate value={review.closesAt} />.
              </span>{' '}
              <Link
                to="/standards/$number/v/$version"
                params={{ number: document.key, version: review.version }}
                className={classes.link}
              >
                Read the draft and comment
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
