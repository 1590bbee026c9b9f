import {
  Button,
  Card,
  Checkbox,
  CloseButton,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useRef } from 'react'
import {
  CHAMBER_STATED_STANDARDS,
  LISTING_KIND_LABELS,
  LISTING_STATUS_LABELS,
  MILD_MAX_ATA,
} from '../../../shared/registry'
import { ResponsiveGrid } from '../../components/responsive-grid'
import { ConfirmDialog, useConfirm } from '../ui/confirm'
import fieldClasses from '../ui/fields.module.css'
import { QueryState } from '../ui/query-state'
import { EvidenceDocuments } from './documents'
import { StatusPanel } from './status'
import type { AdminListing, EvidenceDocument, ListingOptions } from './types'
import { EDITOR_ID, type ListingEditor } from './use-listing-editor'
import { declarationKey, errorUnder } from './values'

/**
 * The editor's sections: a rule and a heading-like legend, not boxes inside the card's box, which
 * on a phone would take the width the fields need.
 */
const legend = {
  root: {
    border: 0,
    borderTop: '1px solid var(--mantine-color-gray-3)',
    padding: 'var(--mantine-spacing-sm) 0 0',
    margin: 0,
    minWidth: 0,
  },
  legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', padding: '0 8px 0 0', marginBottom: 4 },
}

/** The chamber models a facility may name: the listed ones, and any it names already that are no longer listed. */
const chamberChoices = (options: ListingOptions, listing: AdminListing | null) => {
  const choices = options.chamberModels.map((model) => ({
    value: model.id,
    label: `${model.name} (${model.number})`,
  }))
  for (const chamber of listing?.chambers ?? []) {
    if (chamber.listingId && !choices.some((choice) => choice.value === chamber.listingId)) {
      const status = chamber.status ? `, ${LISTING_STATUS_LABELS[chamber.status].toLowerCase()}` : ''
      choices.push({ value: chamber.listingId, label: `${chamber.name} (${chamber.number ?? ''}${status})` })
    }
  }
  return choices
}

/** The versions a listing may declare: the published ones, and any it declares already that were superseded since. */
const versionChoices = (options: ListingOptions, listing: AdminListing | null) => {
  const choices = options.versions.map((version) => ({
    value: declarationKey(version),
    label: `${version.number} version ${version.version}: ${version.title}`,
  }))
  for (const declared of listing?.declarations ?? []) {
    if (!choices.some((choice) => choice.value === declarationKey(declared))) {
      const superseded = declared.supersededBy ? `, superseded by version ${declared.supersededBy.version}` : ''
      choices.push({
        value: declarationKey(declared),
        label: `${declared.number} version ${declared.version}: ${declared.title}${superseded}`,
      })
    }
  }
  return choices
}

/**
 * A refused chamber model's message, on the field it came from: the input's `chambers` lists the
 * chosen models first, then the typed ones (values.ts).
 */
function chamberErrors(errors: Record<string, unknown>, chosen: number) {
  const result: { chosen?: string; typed?: string } = {}
  for (const [key, message] of Object.entries(errors)) {
    const position = /^chambers\.(\d+)/.exec(key)?.[1]
    if (typeof message !== 'string' || position === undefined) continue
    if (Number(position) < chosen) result.chosen ??= message
    else result.typed ??= message
  }
  return result
}

function Choices({ editor }: { editor: ListingEditor }) {
  const { form } = editor
  const errors = form.errors
  const values = form.getValues()
  const kind = values.kind
  const refusedChamber = chamberErrors(errors, values.chamberIds.length)
  return (
    <QueryState
      query={editor.optionsQuery}
      loading="Loading the chamber models and standards..."
      failed="The chamber models and standards could not be loaded"
      empty=""
      isEmpty={() => false}
    >
      {(options) => {
        const chambers = chamberChoices(options, editor.listing)
        const versions = versionChoices(options, editor.listing)
        return (
          <>
            {kind === 'facility' ? (
              <Fieldset variant="unstyled" legend="Chamber models used" styles={legend}>
                <Stack gap="sm">
                  {chambers.length > 0 ? (
                    <Checkbox.Group
                      label="From the registry"
                      description="Their listings are linked from the facility’s page."
                      classNames={fieldClasses}
                      {...form.getInputProps('chamberIds')}
                      error={errorUnder(errors, 'chamberIds') ?? refusedChamber.chosen}
                    >
                      <Stack gap={8} mt={6}>
                        {chambers.map((choice) => (
                          <Checkbox key={choice.value} value={choice.value} label={choice.label} />
                        ))}
                      </Stack>
                    </Checkbox.Group>
                  ) : (
                    <Text size="sm" c="dark.6">
                      No chamber model is listed yet: type the models below.
                    </Text>
                  )}
                  <Textarea
                    label="Other chamber models"
                    description="Models the registry does not list, one per line, as the maker names them."
                    autosize
                    minRows={2}
                    maxRows={6}
                    classNames={fieldClasses}
                    {...form.getInputProps('chamberNames')}
                    error={errorUnder(errors, 'chamberNames') ?? refusedChamber.typed ?? errorUnder(errors, 'chambers')}
                  />
                </Stack>
              </Fieldset>
            ) : null}
            <Fieldset variant="unstyled" legend="Standards declared" styles={legend}>
              {versions.length > 0 ? (
                <Checkbox.Group
                  label="Published versions the organisation declares it follows"
                  classNames={fieldClasses}
                  {...form.getInputProps('declarations')}
                  error={errorUnder(errors, 'declarations')}
                >
                  <Stack gap={8} mt={6}>
                    {versions.map((choice) => (
                      <Checkbox key={choice.value} value={choice.value} label={choice.label} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              ) : (
                <Text size="sm" c="dark.6">
                  No standard has a published version yet.
                </Text>
              )}
            </Fieldset>
          </>
        )
      }}
    </QueryState>
  )
}

function FacilityFields({ editor }: { editor: ListingEditor }) {
  const { form } = editor
  return (
    <Fieldset variant="unstyled" legend="Address" styles={legend}>
      <Stack gap="sm">
        <TextInput label="Street" required classNames={fieldClasses} {...form.getInputProps('street')} />
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="City" required classNames={fieldClasses} {...form.getInputProps('city')} />
          <TextInput label="Region" required classNames={fieldClasses} {...form.getInputProps('region')} />
          <TextInput
            label="Postal code"
            description="A US ZIP code places the facility in the search near a ZIP code."
            required
            autoComplete="off"
            // The hint under the box, so that the box lines up with the country's beside it.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            classNames={fieldClasses}
            {...form.getInputProps('postalCode')}
          />
          <TextInput label="Country" classNames={fieldClasses} {...form.getInputProps('country')} />
        </ResponsiveGrid>
      </Stack>
    </Fieldset>
  )
}

function ChamberFields({ editor }: { editor: ListingEditor }) {
  const { form } = editor
  return (
    <Fieldset variant="unstyled" legend="Chamber model" styles={legend}>
      <Stack gap="sm">
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Manufacturer" required classNames={fieldClasses} {...form.getInputProps('manufacturer')} />
          <TextInput label="Model name" required classNames={fieldClasses} {...form.getInputProps('modelName')} />
        </ResponsiveGrid>
        <NumberInput
          label="Maximum working pressure (ATA)"
          description={`A mild chamber works at ${MILD_MAX_ATA.toFixed(1)} ATA or less.`}
          required
          decimalScale={2}
          step={0.1}
          hideControls
          inputMode="decimal"
          maw={260}
          classNames={fieldClasses}
          {...form.getInputProps('maxPressureAta')}
        />
        <TextInput
          label="FDA 510(k) number"
          description="K followed by six digits, as the FDA’s database writes it; empty when the model has none."
          maw={260}
          autoComplete="off"
          classNames={fieldClasses}
          {...form.getInputProps('fda510k')}
        />
        <Checkbox.Group
          label="Standards the maker states"
          description="The pressure vessel’s standard and the maker’s quality standard."
          classNames={fieldClasses}
          {...form.getInputProps('statedStandards')}
          error={errorUnder(form.errors, 'statedStandards')}
        >
          <Group gap="lg" mt={6}>
            {CHAMBER_STATED_STANDARDS.map((standard) => (
              <Checkbox key={standard} value={standard} label={standard} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Fieldset>
  )
}

/**
 * The listing editor: for a stored listing its number, status and history first, then the
 * organisation, the kind's own fields, what it declares, its term (a new listing's only: afterwards
 * the dates move with the status) and its evidence.
 */
export function ListingForm({ editor }: { editor: ListingEditor }) {
  const { form, opened } = editor
  const removing = useConfirm<EvidenceDocument>()
  // A removed document's button leaves with it: the focus goes to the editor's heading.
  const fallbackFocus = useRef<HTMLHeadingElement | null>(null)
  if (!opened) return null
  const values = form.getValues()
  const isNew = opened.mode === 'new'
  const kindLabel = LISTING_KIND_LABELS[isNew ? opened.kind : values.kind].toLowerCase()
  const title = isNew ? `New ${kindLabel}` : editor.listing ? editor.listing.name : 'Listing'
  const headingId = `${EDITOR_ID}-heading`

  const body = (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="lg">
        <Fieldset variant="unstyled" legend="Organisation" styles={legend}>
          <Stack gap="sm">
            <TextInput
              label="Organisation name"
              required
              ref={editor.firstFieldRef}
              classNames={fieldClasses}
              {...form.getInputProps('organisationName')}
            />
            <TextInput
              label="Website"
              type="url"
              placeholder="https://"
              classNames={fieldClasses}
              {...form.getInputProps('website')}
            />
            <TextInput
              label="Contact e-mail"
              description="Private to the council: never shown on the registry."
              type="email"
              required
              autoComplete="off"
              classNames={fieldClasses}
              {...form.getInputProps('contactEmail')}
            />
          </Stack>
        </Fieldset>
        {values.kind === 'facility' ? <FacilityFields editor={editor} /> : <ChamberFields editor={editor} />}
        <Choices editor={editor} />
        {isNew ? (
          <Fieldset variant="unstyled" legend="Term" styles={legend}>
            <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                type="date"
                label="Listed on"
                description="Empty: today."
                classNames={fieldClasses}
                {...form.getInputProps('listedOn')}
              />
              <TextInput
                type="date"
                label="Expires on"
                description="Empty: the council’s term (a year) after the listed-on date."
                min={values.listedOn || undefined}
                classNames={fieldClasses}
                {...form.getInputProps('expiresOn')}
              />
            </ResponsiveGrid>
          </Fieldset>
        ) : null}
        <Fieldset variant="unstyled" legend="Evidence" styles={legend}>
          <EvidenceDocuments
            documents={values.documents}
            onAdded={editor.addDocument}
            onRemove={(document) => (document.uploadedAt ? removing.ask(document) : editor.dropDocument(document.id))}
            removing={editor.removingDocument}
            error={errorUnder(form.errors, 'documentIds', 'documents')}
          />
        </Fieldset>
        <Group gap="sm">
          <Button type="submit" loading={editor.busy} disabled={editor.busy}>
            {isNew ? `Add the ${kindLabel}` : 'Save the listing'}
          </Button>
          <Button variant="default" onClick={editor.close}>
            {isNew ? 'Cancel' : 'Close'}
          </Button>
        </Group>
      </Stack>
    </form>
  )

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      id={EDITOR_ID}
      style={{ scrollMarginTop: 'calc(var(--header-height) + 16px)' }}
      data-testid="listing-editor"
    >
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Title
          order={2}
          size="h3"
          id={headingId}
          ref={fallbackFocus}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {title}
        </Title>
        <CloseButton aria-label="Close the editor" onClick={editor.close} />
      </Group>
      {isNew ? (
        body
      ) : (
        <QueryState
          query={editor.listingQuery}
          loading="Loading the listing..."
          failed="The listing could not be loaded"
          empty=""
          isEmpty={() => false}
        >
          {() =>
            editor.listing ? (
              <Stack gap="xl">
                <StatusPanel listing={editor.listing} />
                {body}
              </Stack>
            ) : null
          }
        </QueryState>
      )}
      <ConfirmDialog
        confirm={removing}
        title="Remove this document?"
        confirmLabel="Remove the document"
        cancelLabel="Keep it"
        busy={editor.removingDocument !== null}
        onConfirm={(document) => editor.removeStoredDocument(document, removing.close)}
        fallbackFocus={fallbackFocus}
      >
        {(document) => (
          <Text size="sm">
            “{document.filename}” is removed from the listing’s evidence now, whatever else is saved or not.
          </Text>
        )}
      </ConfirmDialog>
    </Card>
  )
}
