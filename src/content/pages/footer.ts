import type { PageContent } from '../../shared/schemas/pages'

/** The footer's about text as the site starts with it (revision 0; docs/decisions/055-pages-as-content.md). */
export const FOOTER_TEXT: PageContent = {
  description: '',
  sections: [
    {
      id: 'about',
      heading: '',
      body: 'An independent standards council for mild hyperbaric oxygen as a wellness practice. We publish safety protocols, equipment expectations and plain-language education for practitioners, facility operators, manufacturers and the public.',
      items: [],
    },
  ],
}
