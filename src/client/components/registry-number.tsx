/**
 * A listing's address key as the server writes it (MHBOT-SC-L-0001), or anything else typed in
 * the path. Only a shape check before asking the server: a longer or stranger path cannot be a
 * listing, so it is the not-found page without a call that would be refused. In a module of its
 * own: only the listing routes' loaders need it, not the router's bundle
 * (docs/decisions/021-first-load-budget.md).
 */
export const couldBeListingNumber = (value: string) => value.length <= 60 && /^[A-Za-z0-9 ._/-]+$/.test(value)
