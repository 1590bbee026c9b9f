import { Anchor, Badge, type BadgeProps, Flex, Group, Paper, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { VERSION_STATE_LABELS, type VersionState } from '../../shared/constants'
import { PageHero } from './page-hero'
import { StandardDate, standardDate } from './standard-date'
import classes from './standard-parts.module.css'

// The dates live in their own module so that the home page's review notice does not bring the
// standards pages' badges and callouts into its first load (decision 021's budget).
export { StandardDate, standardDate, standardIsoDate } from './standard-date'

/*
 * What the standards pages share: dates, the state badge and the review callout
 * (docs/decisions/028-standards-as-versioned-documents.md).
 */

/** Each state in colours that keep 4.5:1 at badge size (the admin's badges use the same pairs). */
const STATE_LOOK: Record<VersionState, BadgeProps> = {
  draft: { variant: 'outline', color: 'gray.7', c: 'dark.7' },
  review: { color: '#9a3412' },
  published: { color: 'teal.9' },
  superseded: { variant: 'outline', color: 'gray.7', c: 'dark.7' },
  withdrawn: { color: 'red.9' },
}

export function VersionStateBadge({ state }: { state: VersionState }) {
  return (
    <Badge component="span" tt="none" size="md" {...STATE_LOOK[state]}>
      {VERSION_STATE_LABELS[state]}
    </Badge>
  )
}

type Review = { version: string; closesAt: Date | string | null; open: boolean }

/**
 * A document's public review, where a reader cannot miss it: while it is open, until when and where
 * to read and comment; once closed, that the council is answering the comments.
 */
export function ReviewCallout({
  documentKey,
  review,
  headingOrder = 2,
}: {
  documentKey: string
  review: Review
  headingOrder?: 2 | 3 | 4
}) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingOrder - 2] ?? 'h2'
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="review-callout"
      style={{ borderColor: '#9a3412', borderLeftWidth: 6, background: '#fff7ed' }}
    >
      <Group gap="xs" align="center" wrap="wrap">
        <Badge component="span" tt="none" color="#9a3412">
          Public review
        </Badge>
        <Text component={Heading} fw={700} size="lg" m={0} c="dark.8">
          {review.open ? (
            <>
              Open for comment until <StandardDate value={review.closesAt} />
            </>
          ) : (
            <>
              Review closed on <StandardDate value={review.closesAt} />
            </>
          )}
        </Text>
      </Group>
      <Text mt="xs" c="dark.7">
        {review.open
          ? `Version ${review.version} is a draft. Read it and tell the council what you think; every comment gets a written answer, published with the version.`
          : `The review of version ${review.version} closed on ${standardDate(review.closesAt)}; the council is answering the comments.`}
      </Text>
      {review.open ? (
        <Anchor
          renderRoot={(props) => (
            <Link
              {...props}
              to="/standards/$number/v/$version"
              params={{ number: documentKey, version: review.version }}
            />
          )}
          fw={700}
          underline="always"
          mt="xs"
          display="inline-block"
        >
          Read version {review.version} and comment
        </Anchor>
      ) : null}
    </Paper>
  )
}

/** The label and value pairs under a document's title: number, version, dates, issuer. */
export function MetaList({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <Flex component="dl" mt="lg" mb={0} wrap="wrap" rowGap="md" columnGap={48}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" fw={600} tt="uppercase" c="dark.6" style={{ letterSpacing: 0.5 }}>
            {item.label}
          </Text>
          <Text component="dd" m={0} mt={4} fz={{ base: 'lg', sm: 'xl' }} fw={700} c="dark.9" data-testid={item.testId}>
            {item.value}
          </Text>
        </div>
      ))}
    </Flex>
  )
}

/**
 * The page hero with a document's title, which can hold a word longer than a phone's line
 * ("Contraindications" at h1 size is wider than 320 px): it breaks, and hyphenates where the
 * browser can, instead of pushing the page sideways.
 */
export function StandardHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={classes.hero}>
      <PageHero title={title}>{children}</PageHero>
    </div>
  )
}

/** A document number kept on one line ("MHBOT-SC/G-003" would otherwise break after its hyphen). */
export function DocumentNumber({ children }: { children: string }) {
  return <span className={classes.number}>{children}</span>
}

/** Back to a version and to its document: under a page about one version (its comments, its changes). */
export function VersionLinks({
  documentKey,
  number,
  version,
}: {
  documentKey: string
  number: string
  version: string
}) {
  return (
    <Group gap="lg" mt="md">
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to="/standards/$number/v/$version" params={{ number: documentKey, version }} />
        )}
        underline="always"
      >
        Read version {version}
      </Anchor>
      <Anchor
        renderRoot={(props) => <Link {...props} to="/standards/$number" params={{ number: documentKey }} />}
        underline="always"
      >
        All versions of <DocumentNumber>{number}</DocumentNumber>
      </Anchor>
    </Group>
  )
}
