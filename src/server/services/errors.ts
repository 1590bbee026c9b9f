/** Errors services raise for the adapters (REST, tRPC) to translate into 4xx answers. */
export class NotFoundError extends Error {
  override name = 'NotFoundError'
  readonly statusCode = 404
}

export class BadInputError extends Error {
  override name = 'BadInputError'
  readonly statusCode = 400
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}
