import type { ComponentType } from 'react'
import type { PageKey } from '../../shared/schemas/pages'
import type { PageView } from '../lib/page-content'
import { AboutPageBody } from './about'
import { BenefitsPageBody } from './benefits'
import { EducationPageBody } from './education'
import { HomePageBody } from './home'
import { libraryPreview, ResearchIntro, ResourcesIntro } from './libraries'
import { MissionPageBody } from './mission'
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
}
