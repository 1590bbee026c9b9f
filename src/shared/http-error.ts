/**
 * docs/product.md#the-api-contract: a failed request's message is the status code, a colon and a space, then the
 * response body's text, or the status text when the body is empty.
 */
export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText.trim() ? bodyText : statusText}`
}

/** The admin's session-expired check (docs/product.md#errors-the-user-sees): a 401 whose text says Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : ''
  return /^401: /.test(message) && message.includes('Unauthorized')
}
