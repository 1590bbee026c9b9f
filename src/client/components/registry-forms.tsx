import { Anchor, Box, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { LISTING_STATUS_LABELS, NO_LISTING, REGISTRY_SEARCH_MAX } from '../../shared/registry'
import classes from './registry-parts.module.css'
import { listSearch, readRegistrySearch } from './registry-routing'
import { isFiltered, useRegistryView } from './registry-search'

/*
 * The /registry page's two forms, "Check a listing" and the search: a chunk of their own that comes
 * when the visitor approaches one (docs/decisions/059-forms-hydrate-on-approach.md). Both are plain
 * GET forms to /registry, so they work before their code has run and without JavaScript
 * (docs/decisions/030-forms-without-javascript.md); with the code they move the router instead of
 * loading the page again. They take no props: what they show is read from the address.
 */

// ---------------------------------------------------------------------------------------------
// Check a listing

export function CheckListingForm() {
  const { checked: typed, notFound, navigate } = useRegistryView()
  const onCheck = (number: string) => navigate({ search: { number } })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('number')
    if (typeof value === 'string') onCheck(value)
  }
  return (
    <Box
      component="form"
      method="get"
      action="/registry"
      onSubmit={submit}
      aria-labelledby="check-listing-heading"
      data-testid="check-listing"
    >
      <TextInput
        key={typed ?? ''}
        // Fixed ids: Mantine's own change on hydration, which would move the message's id under the
        // box's aria-describedby while someone reads it.
        id="registry-number"
        classNames={{ input: classes.input }}
        name="number"
        label="Listing number"
        description="As printed, such as MHBOT-SC/L-0001: spaces, small letters and the prefix may be left out."
        defaultValue={typed ?? ''}
        maxLength={60}
        autoComplete="off"
        spellCheck={false}
        required
        error={notFound ? NO_LISTING : undefined}
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box style={{ flex: '1 1 auto', minWidth: 0 }}>{input}</Box>
            <Button type="submit" style={{ flex: 'none' }}>
              Check
            </Button>
          </Group>
        )}
      />
    </Box>
  )
}

// ---------------------------------------------------------------------------------------------
// The search form

const KIND_OPTIONS = [
  { value: '', label: 'Any kind' },
  { value: 'facility', label: 'Facilities' },
  { value: 'chamber', label: 'Chamber models' },
]

const STATUS_OPTIONS = [
  { value: 'listed', label: LISTING_STATUS_LABELS.listed },
  { value: 'suspended', label: LISTING_STATUS_LABELS.suspended },
  { value: 'withdrawn', label: LISTING_STATUS_LABELS.withdrawn },
  { value: 'expired', label: LISTING_STATUS_LABELS.expired },
  { value: 'all', label: 'All' },
]

export function RegistrySearchForm() {
  const view = useRegistryView()
  const { address } = view
  const standards = view.standards.data ?? []
  const problem = view.answer.data?.problem ?? null
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const entries: Record<string, unknown> = {}
    for (const [name, value] of new FormData(event.currentTarget)) entries[name] = value
    view.navigate({ search: listSearch(readRegistrySearch(entries)) })
  }
  const errors = problem?.fields ?? {}
  // A new search in the address is a new form: what was typed is not React's to keep.
  const formKey = JSON.stringify(listSearch(address))
  // A standard in the address that the list does not hold stays choosable, so the form shows what was asked.
  const standardOptions = [
    { value: '', label: 'Any standard' },
    ...standards.map((standard) => ({ value: standard.key, label: `${standard.number} ${standard.title}` })),
    ...(address.standard && !standards.some((standard) => standard.key === address.standard)
      ? [{ value: address.standard, label: address.standard }]
      : []),
  ]
  return (
    <Box
      key={formKey}
      component="form"
      method="get"
      action="/registry"
      role="search"
      aria-label="Search the registry"
      onSubmit={submit}
      data-testid="registry-search"
    >
      <div className={classes.fields}>
        <TextInput
          id="registry-q"
          classNames={{ input: classes.input }}
          type="search"
          name="q"
          label="Name or place"
          description="A name, city, region or postal code"
          defaultValue={address.q ?? ''}
          maxLength={REGISTRY_SEARCH_MAX}
          autoComplete="off"
          error={errors.q}
          className={classes.wide}
        />
        <TextInput
          id="registry-near"
          classNames={{ input: classes.input }}
          name="near"
          label="Near a US ZIP code"
          description="Nearest first, with the distance"
          defaultValue={address.near ?? ''}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          error={errors.near}
        />
        <NativeSelect
          id="registry-kind"
          classNames={{ input: classes.input }}
          name="kind"
          label="Kind"
          defaultValue={address.kind ?? ''}
          data={KIND_OPTIONS}
          error={errors.kind}
        />
        <NativeSelect
          id="registry-standard"
          classNames={{ input: classes.input }}
          name="standard"
          label="Declares"
          defaultValue={address.standard ?? ''}
          data={standardOptions}
          error={errors.standard}
        />
        <NativeSelect
          id="registry-status"
          classNames={{ input: classes.input }}
          name="status"
          label="Status"
          defaultValue={address.status ?? 'listed'}
          data={STATUS_OPTIONS}
          error={errors.status}
        />
      </div>
      <Group mt="md" gap="lg" align="center">
        <Button type="submit">Search</Button>
        {isFiltered(address) ? (
          <Anchor component={Link} to="/registry" underline="always">
            Clear the search
          </Anchor>
        ) : null}
      </Group>
    </Box>
  )
}
