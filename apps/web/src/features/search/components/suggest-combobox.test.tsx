import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test, vi } from 'vitest'

import type { Suggestion } from '@toolworks/shared'

import { SuggestCombobox } from './suggest-combobox'

const suggestions: Suggestion[] = [
  { _id: 'a', name: 'Torque wrench 1/2"', partNumber: 'TW-12' },
  { _id: 'b', name: 'Torque wrench 3/8"', partNumber: 'TW-38' },
  { _id: 'c', name: 'Torque screwdriver', partNumber: null },
]

function Harness({ onPick, onSubmit }: { onPick: () => void; onSubmit: (q: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <SuggestCombobox
      value={value}
      onValueChange={setValue}
      suggestions={value ? suggestions : []}
      onPick={onPick}
      onSubmit={onSubmit}
      submitLabel="Search"
    />
  )
}

function setup() {
  const onPick = vi.fn()
  const onSubmit = vi.fn()
  const user = userEvent.setup()
  render(<Harness onPick={onPick} onSubmit={onSubmit} />)
  const box = screen.getByRole('combobox', { name: 'Search by name, part number or spec' })
  return { user, box, onPick, onSubmit }
}

describe('the search box suggestions', () => {
  test('typing opens a listbox of options owned by the box, none active yet', async () => {
    const { user, box } = setup()
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.type(box, 'torq')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    const list = screen.getByRole('listbox', { name: 'Suggestions' })
    expect(box).toHaveAttribute('aria-controls', list.id)
    expect(screen.getAllByRole('option')).toHaveLength(3)
    expect(box).not.toHaveAttribute('aria-activedescendant')
    expect(screen.getByText('TW-12')).toBeInTheDocument()
  })

  test('down and up move the active option, and Enter picks it', async () => {
    const { user, box, onPick, onSubmit } = setup()
    await user.type(box, 'torq')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const second = screen.getByRole('option', { name: /3\/8/ })
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', second.id)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    // Up from the first wraps to the last.
    expect(screen.getByRole('option', { name: /screwdriver/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await user.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith(suggestions[2])
    expect(onSubmit).not.toHaveBeenCalled()
    expect(box).toHaveFocus()
  })

  test('Enter with no option active searches the words; Escape closes the list', async () => {
    const { user, box, onPick, onSubmit } = setup()
    await user.type(box, 'torq wrnch')
    await user.keyboard('{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledWith('torq wrnch')
    expect(onPick).not.toHaveBeenCalled()
  })

  test('a click on an option picks it', async () => {
    const { user, box, onPick } = setup()
    await user.type(box, 'torq')
    await user.click(screen.getByRole('option', { name: /1\/2/ }))
    expect(onPick).toHaveBeenCalledWith(suggestions[0])
  })
})
