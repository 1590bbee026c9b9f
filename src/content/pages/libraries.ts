import type { PageContent } from '../../shared/schemas/pages'

/*
 * The two libraries' words as the site starts with them (revision 0;
 * docs/decisions/055-pages-as-content.md): their opening lines and descriptions. Their lists, count
 * lines and empty states are the specification's and stay in code.
 */

const intro = (body: string) => ({ id: 'intro', heading: '', body, items: [] })

export const RESEARCH_PAGE: PageContent = {
  description:
    'Published studies on mild hyperbaric exposure, with plain summaries of what each study examined, most of them animal studies.',
  sections: [
    intro(
      'Published work on mild hyperbaric exposure (about 1.25-1.5 ATA). Each summary says what the study examined; most are animal studies, and none shows that mild sessions treat or prevent any condition.',
    ),
  ],
}

export const RESOURCES_PAGE: PageContent = {
  description:
    'Download the council’s position statement, safety checklists, screening guide and educational documents on mild hyperbaric oxygen.',
  sections: [
    intro(
      'Documents for practitioners, facility operators and the public: the council’s position statement, safety checklists and plain-language guides, free to download.',
    ),
  ],
}
