import { describe, expect, it } from 'vitest'
import { ADMIN_SCREENS, groupsFor, screenAt, screensFor, waitingWords } from '../../src/client/admin/screens'
import { PERMISSIONS, ROLE_PERMISSIONS } from '../../src/shared/permissions'

const labels = (role: keyof typeof ROLE_PERMISSIONS) => screensFor(ROLE_PERMISSIONS[role]).map((screen) => screen.label)

describe('admin screens by permission', () => {
  it('each screen needs a permission the table knows', () => {
    for (const screen of ADMIN_SCREENS) expect(Object.keys(PERMISSIONS)).toContain(screen.permission)
  })

  it('shows each role its screens, in the navigation’s order', () => {
    expect(labels('owner')).toEqual(ADMIN_SCREENS.map((screen) => screen.label))
    expect(labels('editor')).toEqual([
      'Research Studies',
      'Resources',
      'News',
      'Standards',
      'Pages',
      'FAQ',
      'Public comments',
      'Activity',
      'Your sessions',
    ])
    expect(labels('moderator')).toEqual([
      'Messages',
      'Testimonials',
      'Subscribers',
      'Public comments',
      'Activity',
      'Your sessions',
    ])
    expect(labels('registrar')).toEqual(['Registry', 'Activity', 'Your sessions'])
    expect(screensFor([])).toEqual([])
  })

  it('groups them by what a member came to do, each role only the groups it has a screen in', () => {
    const groups = (role: keyof typeof ROLE_PERMISSIONS) =>
      groupsFor(ROLE_PERMISSIONS[role]).map((group) => [group.label, group.screens.map((screen) => screen.label)])
    expect(groups('owner')).toEqual([
      ['Content', ['Research Studies', 'Resources', 'News', 'Standards', 'Pages', 'FAQ']],
      ['Visitors', ['Messages', 'Testimonials', 'Subscribers', 'Public comments']],
      ['Registry', ['Registry']],
      ['Council & team', ['Team', 'Council settings', 'Activity', 'Your sessions']],
    ])
    expect(groups('registrar')).toEqual([
      ['Registry', ['Registry']],
      ['Council & team', ['Activity', 'Your sessions']],
    ])
    expect(groupsFor([])).toEqual([])
  })

  it('finds the screen at a path, with or without a trailing slash', () => {
    expect(screenAt('/admin/')?.label).toBe('Research Studies')
    expect(screenAt('/admin/team/')?.permission).toBe('team')
    expect(screenAt('/admin/nowhere')).toBeUndefined()
  })
})

describe('what the phone menu says waits', () => {
  it('is nothing when nothing waits', () => {
    expect(waitingWords({ messages: 0, testimonials: 0, comments: 0 }, 'messages')).toBeNull()
  })

  it('counts only when all of it waits on the screen it names', () => {
    expect(waitingWords({ messages: 2, testimonials: 0, comments: 0 }, 'messages')).toBe('2 waiting')
    expect(waitingWords({ messages: 0, testimonials: 1, comments: 0 }, 'testimonials')).toBe('1 waiting')
  })

  it('names what waits elsewhere', () => {
    expect(waitingWords({ messages: 2, testimonials: 1, comments: 0 }, null)).toBe(
      '2 new messages, 1 testimonial waiting',
    )
    expect(waitingWords({ messages: 1, testimonials: 0, comments: 0 }, null)).toBe('1 new message')
    expect(waitingWords({ messages: 1, testimonials: 3, comments: 0 }, 'messages')).toBe(
      '1 new message, 3 testimonials waiting',
    )
  })
})
