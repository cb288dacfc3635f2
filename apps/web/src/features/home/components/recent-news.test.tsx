import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'

import { RecentNews } from './recent-news'

test('Our Recent News shows three posts dated Dec 22, 2022; Mar 15, 2022; July 05, 2022', () => {
  render(<RecentNews />)

  const section = screen.getByRole('region', { name: 'Our Recent News' })
  const posts = within(section).getAllByRole('article')
  expect(posts).toHaveLength(3)
  expect(posts.map((post) => post.querySelector('time')?.textContent)).toEqual([
    'Dec 22, 2022',
    'Mar 15, 2022',
    'July 05, 2022',
  ])
  expect(posts.map((post) => post.querySelector('time')?.getAttribute('datetime'))).toEqual([
    '2022-12-22',
    '2022-03-15',
    '2022-07-05',
  ])
  for (const post of posts) {
    expect(within(post).getByRole('heading', { level: 3 })).toBeInTheDocument()
    const image = within(post).getByRole('img')
    expect(image).toHaveAttribute('loading', 'lazy')
    expect(image.getAttribute('alt')).not.toBe('')
  }
})
