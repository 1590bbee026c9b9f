import { z } from 'zod'
import { ListingInputSchema } from '../../../shared/schemas/registry'
import type { AdminListing, ListingKind, ListingValues } from './types'

/** A new listing of `kind`: every field empty, the country the registry's own, the dates the server's. */
export const emptyValues = (kind: ListingKind): ListingValues => ({
  kind,
  organisationName: '',
  website: '',
  contactEmail: '',
  street: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'United States',
  chamberIds: [],
  chamberNames: '',
  manufacturer: '',
  modelName: '',
  maxPressureAta: '',
  fda510k: '',
  statedStandards: [],
  declarations: [],
  listedOn: '',
  expiresOn: '',
  documents: [],
})

/** A declared version as the form's checkbox holds it: number and version, which neither contains `|`. */
export const declarationKey = (declaration: { number: string; version: string }) =>
  `${declaration.number}|${declaration.version}`

const fromDeclarationKey = (key: string) => {
  const at = key.lastIndexOf('|')
  return { number: key.slice(0, at), version: key.slice(at + 1) }
}

const typedNames = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** A stored listing in the editor's fields: a chamber model from the registry by its id, a typed one by its name. */
export function toValues(listing: AdminListing): ListingValues {
  const chamberIds: string[] = []
  const chamberNames: string[] = []
  for (const chamber of listing.chambers) {
    if (chamber.listingId) chamberIds.push(chamber.listingId)
    else chamberNames.push(chamber.name)
  }
  return {
    kind: listing.kind,
    organisationName: listing.organisationName,
    website: listing.website ?? '',
    contactEmail: listing.contactEmail,
    street: listing.street ?? '',
    city: listing.city ?? '',
    region: listing.region ?? '',
    postalCode: listing.postalCode ?? '',
    country: listing.country ?? '',
    chamberIds,
    chamberNames: chamberNames.join('\n'),
    manufacturer: listing.manufacturer ?? '',
    modelName: listing.modelName ?? '',
    maxPressureAta: listing.maxPressureAta ?? '',
    fda510k: listing.fda510k ?? '',
    statedStandards: [...listing.statedStandards],
    declarations: listing.declarations.map(declarationKey),
    listedOn: listing.listedOn,
    expiresOn: listing.expiresOn,
    documents: listing.documents,
  }
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined)

/**
 * The fields as the shared ListingInputSchema takes them: only the kind's own, an empty optional
 * field absent (the server then decides: today, a year from listing), a typed number as a number.
 */
export function toInput(values: ListingValues) {
  const common = {
    organisationName: values.organisationName.trim(),
    website: optional(values.website),
    contactEmail: values.contactEmail.trim(),
    declarations: values.declarations.map(fromDeclarationKey),
    listedOn: optional(values.listedOn),
    expiresOn: optional(values.expiresOn),
    documentIds: values.documents.map((document) => document.id),
  }
  if (values.kind === 'facility') {
    return {
      ...common,
      kind: 'facility' as const,
      street: values.street.trim(),
      city: values.city.trim(),
      region: values.region.trim(),
      postalCode: values.postalCode.trim(),
      country: optional(values.country),
      chambers: [
        ...values.chamberIds.map((listingId) => ({ listingId })),
        ...typedNames(values.chamberNames).map((name) => ({ name })),
      ],
    }
  }
  return {
    ...common,
    kind: 'chamber' as const,
    manufacturer: values.manufacturer.trim(),
    modelName: values.modelName.trim(),
    maxPressureAta: values.maxPressureAta === '' ? undefined : Number(values.maxPressureAta),
    fda510k: optional(values.fda510k),
    statedStandards: values.statedStandards,
  }
}

/**
 * The editor's check: the schema the server parses with, on the fields as they will be sent. Its
 * messages land on the fields of the same names; a chamber model's or a declaration's on its group.
 */
export const ListingFormSchema = z.preprocess((values) => toInput(values as ListingValues), ListingInputSchema)

/** The first message the form holds for a field or anything under it ('chambers.1.name'). */
export function errorUnder(errors: Record<string, unknown>, ...fields: string[]): string | undefined {
  for (const [key, message] of Object.entries(errors)) {
    if (typeof message !== 'string') continue
    if (fields.some((field) => key === field || key.startsWith(`${field}.`))) return message
  }
  return undefined
}
