import {
  IconBolt,
  IconBook,
  IconBrain,
  IconHeart,
  IconLeaf,
  IconLungs,
  IconMoon,
  IconRefresh,
  IconRun,
  IconScale,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react'
import type { ComponentProps, ComponentType } from 'react'
import { FeatureGrid } from './feature-card'

type Icon = ComponentType<{ size?: number; stroke?: number }>

/**
 * One icon per benefit and value card, by the card's title (Tabler icons, imported one by
 * one so that only these ship). A card whose title is not here gets none rather than a stand-in.
 */
const ICONS: Record<string, Icon> = {
  'Oxygen Enrichment': IconLungs,
  'Energy & Vitality': IconBolt,
  'Recovery Support': IconRefresh,
  'Mental Clarity': IconBrain,
  'Relaxation & Calm': IconLeaf,
  'Restful Sleep': IconMoon,
  'Active Lifestyle': IconRun,
  'Overall Wellness': IconHeart,
  'Safety First': IconShieldCheck,
  Integrity: IconScale,
  Education: IconBook,
  Collaboration: IconUsers,
}

/** The icon of the card titled `title`, drawn at the size the cards' round badge holds. */
export function cardIcon(title: string) {
  const Found = ICONS[title]
  return Found ? <Found size={20} stroke={1.8} /> : undefined
}

/** A grid of benefit or value cards, each with the icon of its title. */
export function IconCardGrid(props: Omit<ComponentProps<typeof FeatureGrid>, 'icon'>) {
  return <FeatureGrid {...props} icon={(index) => cardIcon(props.items[index]?.title ?? '')} />
}
