import { Box, Button, Container, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DisclaimerBox } from '../components/disclaimer-box'
import { FaqAccordion } from '../components/faq-accordion'
import { PageHero } from '../components/page-hero'
import { PageSection } from '../components/page-section'
import { faqJsonLd } from '../lib/json-ld'
import { pageHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/faq')({
  // The questions are this page's alone: the loader that turns them into structured data goes with
  // the page's chunk, not into every page's first load (docs/decisions/021-first-load-budget.md).
  codeSplitGroupings: [['loader', 'component']],
  // The questions are the council's, as published in the admin (docs/decisions/054-faq-as-content.md).
  loader: async ({ context }) => {
    const faq = await context.queryClient.ensureQueryData(context.trpc.site.faq.queryOptions())
    return { jsonLd: faqJsonLd(faq.categories), description: faq.description }
  },
  head: ({ match, loaderData }) => ({
    ...pageHead(
      {
        title: 'FAQ',
        // The council's own words for search engines, edited with the FAQ (docs/decisions/054-faq-as-content.md).
        description: loaderData?.description ?? '',
        path: '/faq',
      },
      match.context.site,
    ),
    scripts: loaderData ? [loaderData.jsonLd] : [],
  }),
  component: FaqPage,
})

function FaqPage() {
  const site = useSite()
  const trpc = useTRPC()
  const faq = useQuery(trpc.site.faq.queryOptions()).data
  if (!faq) return null
  return (
    <>
      <PageHero title="Frequently Asked Questions">
        Straight answers about mild hyperbaric sessions, from your first visit to choosing a facility.
      </PageHero>

      <Container size="lg" py={56}>
        <Stack gap={48}>
          {faq.categories.map((category) => (
            <Box key={category.id} component="section" aria-labelledby={`faq-${category.id}`}>
              <Title order={2} id={`faq-${category.id}`}>
                {category.title}
              </Title>
              {/* One group for the whole page: opening any question closes every other one, in any
                  category, and choosing the open question again closes it (docs/product.md). */}
              <FaqAccordion
                name="faq"
                data-testid={`faq-category-${category.id}`}
                entries={category.items.map((item, index) => ({
                  value: `${category.id}-${index + 1}`,
                  question: item.question,
                  answer: item.answer,
                }))}
              />
            </Box>
          ))}
        </Stack>
      </Container>

      <PageSection headingId="more-questions-heading" heading="Still Have Questions?" bg="gray.0">
        <Text mt="md" size="lg" c="dark.7" lh={1.7}>
          {`Send us a message and we will reply, typically within ${site.replyTime}.`}
        </Text>
        <Button component={Link} to="/contact" mt="lg" data-print-hide>
          Contact Us
        </Button>
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
