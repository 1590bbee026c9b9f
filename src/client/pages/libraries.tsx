import { Container, Text } from '@mantine/core'
import { PageHero } from '../components/page-hero'
import { type PageView, sectionOf } from '../lib/page-content'

/*
 * The libraries' opening lines (docs/decisions/055-pages-as-content.md). The pages themselves draw
 * their lists from the data; the admin's preview shows the part the council writes.
 */

export const ResearchIntro = ({ page }: { page: PageView }) => (
  <PageHero title="Research Library" html={sectionOf(page, 'intro').html} />
)

export const ResourcesIntro = ({ page }: { page: PageView }) => (
  <PageHero title="Educational Resources" html={sectionOf(page, 'intro').html} />
)

/** The preview of a library page: its opening line, then a word where the list goes. */
export function libraryPreview(Intro: typeof ResearchIntro) {
  return function LibraryPreview({ page }: { page: PageView }) {
    return (
      <>
        <Intro page={page} />
        <Container size="lg" py="lg">
          <Text c="dark.6">The library’s list follows here, as the page shows it.</Text>
        </Container>
      </>
    )
  }
}
