import type { PageContent } from '../../shared/schemas/pages'

/*
 * /contact's words as the site starts with them (revision 0; docs/decisions/055-pages-as-content.md).
 * The contact details themselves are the council's settings; the form, its labels, messages and
 * reply-time note are the specification's and stay in code.
 */
export const CONTACT_PAGE: PageContent = {
  description:
    'Contact the mHBOT Standards Council about safety standards, educational resources, facility operator support or partnerships.',
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'Questions about standards, resources or partnerships? Write to the council and we will get back to you.',
      items: [],
    },
    { id: 'info', heading: 'Contact Information', body: '', items: [] },
    {
      id: 'topics',
      heading: 'Common Inquiry Topics',
      body: [
        '- Safety standards and protocol guidance',
        '- Educational resources and materials',
        '- Facility operator support',
        '- General mHBOT information',
        '- Partnership and collaboration opportunities',
      ].join('\n'),
      items: [],
    },
  ],
}
