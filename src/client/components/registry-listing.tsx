import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { FormPostState } from '../../shared/form-post'
import {
  badgeEmbedHtml,
  LISTING_KIND_LABELS,
  LISTING_STATUS_LABELS,
  type ListingStatus,
  listingBadgePath,
  listingPath,
  STATUS_NOTICES,
  supersededSentence,
} from '../../shared/registry'
import type { ListingDeclaration, ListingHistoryEntry, ListingPage } from '../../shared/schemas/registry'
import type { PublicSite } from '../../shared/site'
import { ConcernSection } from './registry-concern'
import { ListingStatusBadge, placeLine } from './registry-parts'
import classes from './registry-parts.module.css'
import { StandardDate, StandardHero, standardDate } from './standard-parts'

/*
 * A listing's page (/registry/{key}): its status first, in words, with its dates; what it declares;
 * the facility's address and chambers or the chamber model's facts; its history; the badge to embed.
 */

/** The page's title and description, from its loader (so they are in the HTML of a direct load). */
export function listingMeta(listing: ListingPage) {
  const status = LISTING_STATUS_LABELS[listing.status]
  const kind = LISTING_KIND_LABELS[listing.kind].toLowerCase()
  return {
    title: `${listing.name} (${listing.number})`,
    description: `${listing.name}, a ${kind} in the council’s registry as ${listing.number}. Status: ${status}, listed on ${standardDate(listing.listedOn)}, expires on ${standardDate(listing.expiresOn)}.`,
    path: listingPath(listing.key),
  }
}

/**
 * schema.org data for search engines: an Organization for a facility, a Product for a chamber model,
 * with the listing's number and its status in words, so a listing that is not current never reads
 * as one.
 */
export function listingStructuredData(listing: ListingPage, site: PublicSite | undefined) {
  const url = site ? `${site.publicUrl}${listingPath(listing.key)}` : undefined
  const status = LISTING_STATUS_LABELS[listing.status]
  const description = `${site?.shortName ?? 'The council'} registry listing ${listing.number}: ${status}.`
  if (listing.kind === 'facility') {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: listing.organisationName,
      identifier: listing.number,
      description,
      url: listing.website ?? undefined,
      mainEntityOfPage: url,
      address: {
        '@type': 'PostalAddress',
        streetAddress: listing.street ?? undefined,
        addressLocality: listing.city ?? undefined,
        addressRegion: listing.region ?? undefined,
        postalCode: listing.postalCode ?? undefined,
        addressCountry: listing.country ?? undefined,
      },
    }
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.name,
    identifier: listing.number,
    description,
    url,
    model: listing.modelName ?? undefined,
    manufacturer: listing.manufacturer ? { '@type': 'Organization', name: listing.manufacturer } : undefined,
    brand: listing.manufacturer ? { '@type': 'Brand', name: listing.manufacturer } : undefined,
    additionalProperty:
      listing.maxPressureAta === null
        ? undefined
        : {
            '@type': 'PropertyValue',
            name: 'Maximum working pressure',
            value: listing.maxPressureAta,
            unitText: 'ATA',
          },
  }
}

/** The page's band: the listing's name, its kind and its number (never broken after its hyphen). */
export function ListingHero({ listing }: { listing: ListingPage }) {
  return (
    <StandardHero title={listing.name}>
      {LISTING_KIND_LABELS[listing.kind]} in the council’s registry, listing number{' '}
      <span className={classes.number}>{listing.number}</span>
    </StandardHero>
  )
}

export function ListingView({
  listing,
  site,
  concern,
}: {
  listing: ListingPage
  site: PublicSite
  concern: { sent: boolean; post: FormPostState | undefined }
}) {
  return (
    <Container size="lg" py={48}>
      <ListingStatusPanel listing={listing} />
      <Stack gap={56} mt={56}>
        <Declarations declarations={listing.declarations} />
        {listing.kind === 'facility' ? <FacilityFacts listing={listing} /> : <ChamberFacts listing={listing} />}
        <Organisation listing={listing} />
        <History history={listing.history} />
        <Badge listing={listing} site={site} />
        <ConcernSection listingKey={listing.key} sent={concern.sent} post={concern.post} />
      </Stack>
      <Anchor component={Link} to="/registry" underline="always" mt={56} display="inline-block">
        The whole registry
      </Anchor>
    </Container>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Box>
  )
}

function Facts({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className={classes.facts}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The latest change that led to the listing's present status: its reason is the one shown at the top. */
const latestChange = (history: ListingHistoryEntry[], status: ListingStatus) =>
  [...history].reverse().find((entry) => entry.to === status) ?? null

/** The status in words, first; for a listing that is not current, why, in the council's words. */
function ListingStatusPanel({ listing }: { listing: ListingPage }) {
  const status = listing.status
  const latest = latestChange(listing.history, status)
  const kind = listing.kind === 'facility' ? 'facility’s' : 'chamber model’s'
  return (
    <Paper
      component="section"
      aria-labelledby="status-heading"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.status}
      data-status={status}
      data-testid="listing-status-panel"
    >
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={2} size="h3" id="status-heading">
          Status: {LISTING_STATUS_LABELS[status]}
        </Title>
        <ListingStatusBadge status={status} size="lg" />
      </Group>
      {status === 'listed' ? (
        <Text mt="sm" size="lg" c="dark.7" data-testid="listing-status-text">
          The council has reviewed this {kind} declaration, and the listing is current until{' '}
          <StandardDate value={listing.expiresOn} />.
        </Text>
      ) : (
        <>
          <Text mt="sm" size="lg" fw={700} c="dark.8" data-testid="listing-status-text">
            {STATUS_NOTICES[status]}
          </Text>
          {latest ? (
            <Text mt="xs" size="lg" c="dark.7" data-testid="listing-status-reason">
              The council’s reason, on <StandardDate value={latest.at} />: {latest.reason}
            </Text>
          ) : null}
        </>
      )}
      <Facts
        items={[
          {
            label: 'Listing number',
            value: <span className={classes.number}>{listing.number}</span>,
            testId: 'listing-number',
          },
          { label: 'Listed on', value: <StandardDate value={listing.listedOn} />, testId: 'listing-listed-on' },
          {
            label: status === 'expired' ? 'Expired on' : 'Expires on',
            value: <StandardDate value={listing.expiresOn} />,
            testId: 'listing-expires-on',
          },
        ]}
      />
    </Paper>
  )
}

/** "MHBOT-SC/001 Title, version 1.0", linked to that version; and whether a newer one is in effect. */
function Declarations({ declarations }: { declarations: ListingDeclaration[] }) {
  return (
    <Section id="declarations-heading" title="What it declares">
      {declarations.length === 0 ? (
        <Text mt="sm" c="dark.7">
          It declares no standard of the council’s.
        </Text>
      ) : (
        <>
          <Text mt="sm" c="dark.7">
            Conformance to these of the council’s standards, each in the version it names:
          </Text>
          <ul className={classes.plainList} data-testid="listing-declarations">
            {declarations.map((declaration) => (
              <li key={declaration.key}>
                <Anchor
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/standards/$number/v/$version"
                      params={{ number: declaration.key, version: declaration.version }}
                    />
                  )}
                  underline="always"
                >
                  <span className={classes.number}>{declaration.number}</span> {declaration.title}, version{' '}
                  {declaration.version}
                </Anchor>
                {declaration.supersededBy ? (
                  <Text component="span" c="dark.7" data-testid="declaration-superseded">
                    {' '}
                    ({superseded(declaration)})
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  )
}

function superseded(declaration: ListingDeclaration): string {
  const by = declaration.supersededBy
  if (!by) return ''
  return by.effectiveDate
    ? `${supersededSentence(declaration.version, standardDate(by.effectiveDate))}, by version ${by.version}`
    : `declares version ${declaration.version}, superseded by version ${by.version}`
}

function FacilityFacts({ listing }: { listing: ListingPage }) {
  return (
    <>
      <Section id="address-heading" title="Address">
        <Text
          component="address"
          mt="sm"
          size="lg"
          c="dark.8"
          style={{ fontStyle: 'normal' }}
          data-testid="listing-address"
        >
          {listing.street ? (
            <>
              {listing.street}
              <br />
            </>
          ) : null}
          {placeLine({ ...listing, country: null })}
          {listing.country ? (
            <>
              <br />
              {listing.country}
            </>
          ) : null}
        </Text>
      </Section>
      <Section id="chambers-heading" title="Chamber models it uses">
        {listing.chambers.length === 0 ? (
          <Text mt="sm" c="dark.7">
            It names no chamber model.
          </Text>
        ) : (
          <ul className={classes.plainList} data-testid="listing-chambers">
            {listing.chambers.map((chamber) => (
              <li key={chamber.key ?? chamber.name}>
                {chamber.key ? (
                  <Anchor
                    renderRoot={(props) => (
                      <Link {...props} to="/registry/$number" params={{ number: chamber.key ?? '' }} />
                    )}
                    underline="always"
                  >
                    {chamber.name}
                  </Anchor>
                ) : (
                  chamber.name
                )}
                {chamber.number && chamber.status ? (
                  <Text component="span" c="dark.7">
                    {' '}
                    (<span className={classes.number}>{chamber.number}</span>, {LISTING_STATUS_LABELS[chamber.status]})
                  </Text>
                ) : (
                  <Text component="span" c="dark.7">
                    {' '}
                    (not in the registry)
                  </Text>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  )
}

function ChamberFacts({ listing }: { listing: ListingPage }) {
  return (
    <>
      <Section id="chamber-heading" title="The chamber model">
        <Facts
          items={[
            { label: 'Manufacturer', value: listing.manufacturer ?? '', testId: 'chamber-manufacturer' },
            { label: 'Model', value: listing.modelName ?? '', testId: 'chamber-model' },
            {
              label: 'Maximum working pressure',
              value: listing.maxPressureAta === null ? 'Not stated' : `${listing.maxPressureAta} ATA`,
              testId: 'chamber-pressure',
            },
            {
              label: 'FDA 510(k)',
              value:
                listing.fda510k && listing.fdaUrl ? (
                  <Anchor href={listing.fdaUrl} target="_blank" rel="noopener noreferrer" underline="always" inherit>
                    {listing.fda510k}
                    <span aria-hidden="true"> ↗</span>
                    <span className="visually-hidden"> (the FDA’s database, opens in a new tab)</span>
                  </Anchor>
                ) : (
                  'None stated'
                ),
              testId: 'chamber-fda',
            },
            {
              label: 'Standards its maker states',
              value: listing.statedStandards.length > 0 ? listing.statedStandards.join(', ') : 'None stated',
              testId: 'chamber-stated',
            },
          ]}
        />
      </Section>
      <Section id="used-by-heading" title="Listed facilities that use it">
        {listing.usedBy.length === 0 ? (
          <Text mt="sm" c="dark.7">
            No listed facility names it yet.
          </Text>
        ) : (
          <ul className={classes.plainList} data-testid="listing-used-by">
            {listing.usedBy.map((facility) => (
              <li key={facility.key}>
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/registry/$number" params={{ number: facility.key }} />}
                  underline="always"
                >
                  {facility.name}
                </Anchor>{' '}
                <Text component="span" c="dark.7">
                  (<span className={classes.number}>{facility.number}</span>)
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  )
}

function Organisation({ listing }: { listing: ListingPage }) {
  return (
    <Section id="organisation-heading" title="Organisation">
      <Text mt="sm" size="lg" c="dark.8" className={classes.name}>
        {listing.organisationName}
      </Text>
      {listing.website ? (
        <Anchor
          href={listing.website}
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
          className={classes.name}
          data-testid="listing-website"
        >
          {listing.website}
          <span aria-hidden="true"> ↗</span>
          <span className="visually-hidden"> (its own website, opens in a new tab)</span>
        </Anchor>
      ) : null}
    </Section>
  )
}

function History({ history }: { history: ListingHistoryEntry[] }) {
  return (
    <Section id="history-heading" title="History">
      <Text mt="sm" c="dark.7">
        Every change of status, oldest first, with the council’s reason.
      </Text>
      <ol className={classes.history} data-testid="listing-history">
        {history.map((entry) => (
          <li key={`${entry.at}-${entry.to}`}>
            <Text fw={700} c="dark.8">
              <StandardDate value={entry.at} />:{' '}
              {entry.from ? (
                <>
                  {LISTING_STATUS_LABELS[entry.from]} <span aria-hidden="true">→</span>
                  <span className="visually-hidden">to</span> {LISTING_STATUS_LABELS[entry.to]}
                </>
              ) : (
                LISTING_STATUS_LABELS[entry.to]
              )}
            </Text>
            <p className={classes.reason}>{entry.reason}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}

/** The badge as it looks now, and the HTML a listing puts on its own site to show it. */
function Badge({ listing, site }: { listing: ListingPage; site: PublicSite }) {
  const html = badgeEmbedHtml(site.publicUrl, site.shortName, listing)
  return (
    <Section id="badge-heading" title="The listing’s badge">
      <Text mt="sm" c="dark.7">
        A listing may show this badge on its own website. It always shows the listing’s current status, and leads to
        this page.
      </Text>
      <img
        src={listingBadgePath(listing.key)}
        alt={`The badge as it shows now: ${listing.number}, ${LISTING_STATUS_LABELS[listing.status]}`}
        width={260}
        height={56}
        className={classes.badge}
        data-testid="listing-badge"
      />
      <Text mt="md" c="dark.7">
        The HTML to put on a page (one click selects all of it):
      </Text>
      <pre className={classes.code} data-testid="badge-code">
        <code>{html}</code>
      </pre>
    </Section>
  )
}
