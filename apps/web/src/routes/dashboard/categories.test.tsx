import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import {
  catalogAdminWords,
  categoryContract,
  searchContract,
  searchMessages,
  type CategoryCreateBody,
  type ErrorBody,
} from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function asAdmin() {
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]))
}

// Only the confirm spy: the console guard restores its own spies after this.
let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => confirm?.mockRestore())

// Many keystrokes and screens per test: more than the default 5 s on a busy machine.
describe('/dashboard/categories', { timeout: 15_000 }, () => {
  test('lists the tree and says why a category with tools cannot be deleted (409 with the count)', async () => {
    asAdmin()
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    server.use(
      http.delete(categoryContract.remove.path, () => {
        const message = searchMessages.categoryHasTools(7)
        const body: ErrorBody = { error: { code: 'CONFLICT', message } }
        return HttpResponse.json(body, { status: 409 })
      }),
    )
    const { user } = renderApp('/dashboard/categories')
    const tree = await screen.findByTestId('categories-tree')
    expect(within(tree).getByText('Drill bits')).toBeInTheDocument()
    expect(within(tree).getByText('diameter, material')).toBeInTheDocument()

    await user.click(within(tree).getByRole('button', { name: 'Delete Drill bits' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This category still has 7 tools; move them first.',
    )
  })

  test('a new category with an enum attribute is sent as the contract has it', async () => {
    asAdmin()
    const sent: CategoryCreateBody[] = []
    server.use(
      http.post(categoryContract.create.path, async ({ request }) => {
        const body = (await request.json()) as CategoryCreateBody
        sent.push(body)
        return HttpResponse.json({ ...body, description: body.description ?? '' }, { status: 201 })
      }),
    )
    const { user } = renderApp('/dashboard/categories')
    await screen.findByTestId('categories-tree')
    const form = screen.getByRole('form', { name: catalogAdminWords.newCategory })
    await user.type(within(form).getByLabelText('Name'), 'Taps')
    await user.type(within(form).getByLabelText('Slug'), 'taps')
    await user.selectOptions(within(form).getByLabelText('Parent'), 'Cutting tools')
    await user.click(within(form).getByRole('button', { name: 'Add attribute' }))
    await user.type(within(form).getByLabelText('Key'), 'thread')
    await user.type(within(form).getByLabelText('Label'), 'Thread')
    await user.selectOptions(within(form).getByLabelText('Type'), 'enum')
    await user.type(within(form).getByLabelText('Values (comma-separated)'), 'M6, M8,M10')
    await user.click(within(form).getByRole('button', { name: 'Save' }))

    await screen.findByText('Category saved')
    expect(sent).toEqual([
      {
        name: 'Taps',
        slug: 'taps',
        description: '',
        parent: 'cutting-tools',
        attributes: [
          {
            key: 'thread',
            label: 'Thread',
            unit: null,
            type: 'enum',
            values: ['M6', 'M8', 'M10'],
            filterable: true,
            required: false,
          },
        ],
      },
    ])
  })

  test('a bad key is refused before sending, naming the field', async () => {
    asAdmin()
    const { user } = renderApp('/dashboard/categories')
    await screen.findByTestId('categories-tree')
    const form = screen.getByRole('form', { name: catalogAdminWords.newCategory })
    await user.type(within(form).getByLabelText('Name'), 'Taps')
    await user.type(within(form).getByLabelText('Slug'), 'taps')
    await user.click(within(form).getByRole('button', { name: 'Add attribute' }))
    await user.type(within(form).getByLabelText('Key'), 'Bad Key')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(searchMessages.attributeKeyBad)
  })
})

// Many keystrokes and screens per test: more than the default 5 s on a busy machine.
describe('/dashboard/synonyms', { timeout: 15_000 }, () => {
  test('shows one group a line and saves the edited list', async () => {
    asAdmin()
    const saved: unknown[] = []
    server.use(
      http.get(searchContract.synonyms.path, () => HttpResponse.json([['vise', 'vice']])),
      http.put(searchContract.putSynonyms.path, async ({ request }) => {
        const body = await request.json()
        saved.push(body)
        return HttpResponse.json(body)
      }),
    )
    const { user } = renderApp('/dashboard/synonyms')
    const box = await screen.findByRole('textbox', { name: 'Synonyms' })
    expect(box).toHaveValue('vise, vice')
    await user.type(box, '\nspanner, wrench')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Synonyms saved')
    expect(saved).toEqual([
      [
        ['vise', 'vice'],
        ['spanner', 'wrench'],
      ],
    ])
  })
})
