import { Button, Container, Fieldset, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useId } from 'react'
import type { FormPostState } from '../../shared/form-post'
import { CHAMBER_STATED_STANDARDS, MILD_MAX_ATA } from '../../shared/registry'
import {
  APPLICATION_DOCUMENTS_FIELD,
  APPLICATION_DOCUMENTS_MAX,
  APPLICATION_HONEYPOT,
  APPLY_INTRO,
  DECLARATION_TEXT,
} from '../../shared/registry-applications'
import type { RegistryOptions } from '../../shared/schemas/registry'
import { declarationValue, type RenewalStart } from '../../shared/schemas/registry-applications'
import { FormNotice } from '../lib/form-post'
import classes from './form-parts.module.css'

/*
 * The application form (docs/registry.md, "Applications"): a plain HTML form that posts its fields
 * and PDFs as multipart/form-data to /api/registry/applications, the same with JavaScript or without
 * (decision 048). A refused post comes back here with what was typed and each field's message; the
 * files must be chosen again (a browser never refills a file input). One form for both kinds: the
 * fields of the kind not chosen are left out by the server's schema.
 */

type Values = Record<string, string | boolean>

const text = (values: Values, name: string, fallback = '') => {
  const value = values[name]
  return typeof value === 'string' ? value : fallback
}

/** A box to tick, native, with its message tied to it. */
function Box({
  name,
  value,
  label,
  checked,
  error,
}: {
  name: string
  value?: string
  label: string
  checked: boolean
  error?: string | undefined
}) {
  const id = useId()
  return (
    <div className={classes.consent}>
      <div className={classes.row}>
        <input
          id={id}
          className={classes.box}
          type="checkbox"
          name={name}
          value={value ?? 'on'}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function ApplyForm({
  options,
  renewal,
  renewToken,
  post,
}: {
  options: RegistryOptions
  renewal: RenewalStart | null
  renewToken: string | null
  post: FormPostState | undefined
}) {
  const start: Values = renewal
    ? Object.fromEntries(
        Object.entries(renewal.values).map(([name, value]) => [
          name,
          Array.isArray(value)
            ? name === 'chambers'
              ? value.join('\n')
              : ''
            : typeof value === 'number'
              ? String(value)
              : (value ?? ''),
        ]),
      )
    : {}
  const values: Values = { ...start, ...(post?.values ?? {}) }
  const errors = post?.fields ?? {}
  const error = (name: string) =>
    errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1]
  // Ticked before a refusal (a repeated field comes back as lines), else the renewed listing's.
  const ticked = (name: string) =>
    typeof post?.values[name] === 'string' ? (post.values[name] as string).split('\n') : null
  const declared = new Set(
    ticked('declarations') ??
      (renewal?.values.declarations ?? []).map((item) => declarationValue(item.number, item.version)),
  )
  const kind = text(values, 'kind', renewal?.values.kind ?? 'facility')
  const stated = new Set(
    ticked('statedStandards') ?? (renewal?.values.kind === 'chamber' ? renewal.values.statedStandards : []),
  )
  return (
    <Container size="sm" py={48}>
      <Stack gap="md">
        <Title order={2} id="apply-heading">
          {renewal ? `Renew ${renewal.listing.number}` : 'Apply to be listed'}
        </Title>
        <Text c="dark.7">
          {renewal
            ? `The listing expires (or expired) on ${renewal.listing.expiresOn}. Confirm or update its details and the versions it declares, sign the declaration again and add any new evidence; the council reviews the renewal before it extends the listing.`
            : APPLY_INTRO}
        </Text>
        <FormNotice notice={post ? { title: 'Not sent', message: post.message, failed: true } : null} />
        <form
          method="post"
          action="/api/registry/applications"
          encType="multipart/form-data"
          aria-labelledby="apply-heading"
          noValidate
        >
          <Stack gap="md">
            {renewToken ? <input type="hidden" name="renew" value={renewToken} /> : null}
            {renewal ? (
              <input type="hidden" name="kind" value={renewal.values.kind} />
            ) : (
              <NativeSelect
                name="kind"
                label="What is to be listed"
                defaultValue={kind}
                data={[
                  { value: 'facility', label: 'A facility (a place where sessions are given)' },
                  { value: 'chamber', label: 'A chamber model (a manufacturer’s product)' },
                ]}
                error={error('kind')}
              />
            )}
            <Fieldset legend="The organisation and its contact">
              <Stack gap="sm">
                <TextInput
                  name="organisationName"
                  label="Organisation"
                  required
                  defaultValue={text(values, 'organisationName')}
                  error={error('organisationName')}
                />
                <TextInput
                  name="website"
                  label="Website"
                  type="url"
                  defaultValue={text(values, 'website')}
                  error={error('website')}
                />
                <TextInput
                  name="contactName"
                  label="Contact person"
                  required
                  autoComplete="name"
                  defaultValue={text(values, 'contactName')}
                  error={error('contactName')}
                />
                <TextInput
                  name="contactEmail"
                  label="Contact e-mail"
                  description="The council writes here, with the link to the application’s page. It is never shown."
                  type="email"
                  required
                  autoComplete="email"
                  defaultValue={text(values, 'contactEmail')}
                  error={error('contactEmail')}
                />
              </Stack>
            </Fieldset>
            {renewal?.values.kind === 'chamber' ? null : (
              <Fieldset legend="For a facility">
                <Stack gap="sm">
                  <TextInput
                    name="street"
                    label="Street"
                    defaultValue={text(values, 'street')}
                    error={error('street')}
                  />
                  <TextInput name="city" label="City" defaultValue={text(values, 'city')} error={error('city')} />
                  <TextInput
                    name="region"
                    label="State or region"
                    defaultValue={text(values, 'region')}
                    error={error('region')}
                  />
                  <TextInput
                    name="postalCode"
                    label="Postal code"
                    defaultValue={text(values, 'postalCode')}
                    error={error('postalCode')}
                  />
                  <TextInput
                    name="country"
                    label="Country"
                    defaultValue={text(values, 'country', 'United States')}
                    error={error('country')}
                  />
                  <Textarea
                    name="chambers"
                    label="Chamber models used"
                    description="One per line: a listed chamber model’s number (such as MHBOT-SC/L-0002), or the maker and model."
                    autosize
                    minRows={2}
                    defaultValue={text(values, 'chambers')}
                    error={error('chambers')}
                  />
                </Stack>
              </Fieldset>
            )}
            {renewal?.values.kind === 'facility' ? null : (
              <Fieldset legend="For a chamber model">
                <Stack gap="sm">
                  <TextInput
                    name="manufacturer"
                    label="Manufacturer"
                    defaultValue={text(values, 'manufacturer')}
                    error={error('manufacturer')}
                  />
                  <TextInput
                    name="modelName"
                    label="Model"
                    defaultValue={text(values, 'modelName')}
                    error={error('modelName')}
                  />
                  <TextInput
                    name="maxPressureAta"
                    label="Maximum working pressure (ATA)"
                    description={`A mild chamber works at ${MILD_MAX_ATA.toFixed(1)} ATA or less.`}
                    inputMode="decimal"
                    defaultValue={text(values, 'maxPressureAta')}
                    error={error('maxPressureAta')}
                  />
                  <TextInput
                    name="fda510k"
                    label="FDA 510(k) number, if it has one"
                    description="K and six digits, such as K123456."
                    defaultValue={text(values, 'fda510k')}
                    error={error('fda510k')}
                  />
                  <fieldset className={classes.consent} style={{ border: 0, padding: 0, margin: 0 }}>
                    <legend className={classes.label}>Standards the model meets</legend>
                    {CHAMBER_STATED_STANDARDS.map((standard) => (
                      <Box
                        key={standard}
                        name="statedStandards"
                        value={standard}
                        label={standard}
                        checked={stated.has(standard)}
                      />
                    ))}
                  </fieldset>
                </Stack>
              </Fieldset>
            )}
            <Fieldset legend="The council’s standards declared">
              <Stack gap="xs">
                <Text size="sm" c="dark.7">
                  Tick each standard the organisation follows, in its published version.
                </Text>
                {options.versions.length === 0 ? (
                  <Text size="sm">No standard has a published version yet.</Text>
                ) : (
                  options.versions.map((version) => {
                    const value = declarationValue(version.number, version.version)
                    return (
                      <Box
                        key={value}
                        name="declarations"
                        value={value}
                        label={`${version.title.includes(version.number) ? '' : `${version.number} `}${version.title}, version ${version.version}`}
                        checked={declared.has(value)}
                      />
                    )
                  })
                )}
                {error('declarations') ? (
                  <Text size="sm" c="red.8" role="alert">
                    {error('declarations')}
                  </Text>
                ) : null}
              </Stack>
            </Fieldset>
            <Fieldset legend="Evidence">
              <Stack gap="xs">
                <label htmlFor="application-documents" className={classes.label}>
                  PDF documents (at most {APPLICATION_DOCUMENTS_MAX}): insurance, training records, the chamber’s
                  certificates
                </label>
                <input
                  id="application-documents"
                  type="file"
                  name={APPLICATION_DOCUMENTS_FIELD}
                  accept="application/pdf,.pdf"
                  multiple
                />
                {post ? <Text size="sm">Choose the documents again: a refused form does not keep them.</Text> : null}
              </Stack>
            </Fieldset>
            <Fieldset legend="Declaration">
              <Stack gap="sm">
                <TextInput
                  name="signatoryName"
                  label="Signatory’s name"
                  required
                  defaultValue={text(values, 'signatoryName')}
                  error={error('signatoryName')}
                />
                <TextInput
                  name="signatoryTitle"
                  label="Signatory’s title"
                  required
                  defaultValue={text(values, 'signatoryTitle')}
                  error={error('signatoryTitle')}
                />
                <Box
                  name="declaration"
                  label={DECLARATION_TEXT}
                  checked={values.declaration === true || values.declaration === 'on'}
                  error={error('declaration')}
                />
              </Stack>
            </Fieldset>
            <div
              aria-hidden="true"
              style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
            >
              <label>
                Leave this field empty
                <input type="text" name={APPLICATION_HONEYPOT} tabIndex={-1} autoComplete="off" />
              </label>
            </div>
            <Button type="submit" style={{ alignSelf: 'flex-start' }}>
              {renewal ? 'Send the renewal' : 'Send the application'}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Container>
  )
}
