/**
 * Postgres text cannot hold U+0000 (the insert fails, which would be a 500), and no form has a use
 * for it: every stored text field refuses it with a message naming the field.
 */
export const hasNoNullCharacter = (value: string) => !value.includes('\u0000')
export const nullCharacterMessage = (label: string) => `${label} must not contain a null character`
