import { Text } from '@mantine/core'
import type { ComponentType } from 'react'
import type { PageKey } from '../../shared/schemas/pages'
import { SiteFooterView } from '../components/site-footer'
import type { PageView } from '../lib/page-content'
import { sectionOf } from '../lib/page-content'
import { AboutPageBody } from './about'
import { BenefitsPageBody } from './benefits'
import { ContactPageBody } from './contact'
import { EducationPageBody } from './education'
import { HomePageBody } from './home'
import { libraryPreview, ResearchIntro, ResourcesIntro } from './libraries'
import { MissionPageBody } from './mission'
import { PrivacyPageBody } from './privacy'
import { SafetyPageBody } from './safety'

/** Each page whose words are content, as the page shows them: the admin previews a draft with it. */
export const PAGE_BODIES: Record<PageKey, ComponentType<{ page: PageView }>> = {
  home: HomePageBody,
  safety: SafetyPageBody,
  about: AboutPageBody,
  mission: MissionPageBody,
  research: libraryPreview(ResearchIntro),
  resources: libraryPreview(ResourcesIntro),
  benefits: BenefitsPageBody,
  education: EducationPageBody,
  contact: ({ page }) => (
    <ContactPageBody page={page} form={<Text c="dark.6">The message form follows here, as the page shows it.</Text>} />
  ),
  privacy: PrivacyPageBody,
  footer: ({ page }) => <SiteFooterView about={sectionOf(page, 'about').html} />,
}
