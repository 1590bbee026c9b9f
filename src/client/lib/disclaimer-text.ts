/**
 * The medical disclaimer of the footer and of every content page's disclaimer box: the very text of
 * DISCLAIMER_TEXT in src/content/documents.ts (tests/unit/disclaimer-text.test.ts holds them equal).
 * A copy, not an import: importing it from documents.ts would put every council document in every
 * page's first load, since a bundle chunk takes a module whole (docs/decisions/021-first-load-budget.md).
 */
export const DISCLAIMER_TEXT =
  'The information provided by the council is for general wellness and educational purposes only. It is not medical advice and is not intended to diagnose, treat, cure or prevent any disease. Consult a qualified healthcare provider before starting any wellness practice, including mild hyperbaric sessions.'
