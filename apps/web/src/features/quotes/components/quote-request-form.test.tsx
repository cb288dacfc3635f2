import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, expect, test } from 'vitest'

import { quoteRuleWords, quoteWords } from '@toolworks/shared'

import { setAccessToken } from '@/lib/access-token'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { readQuoteDraft } from './quote-draft'
import { QuoteRequestForm } from './quote-request-form'

const m = quoteWords

afterEach(() => sessionStorage.clear())

// Drawings need a verified e-mail. The buyer is told so before and after sending,
// and what they typed is kept for when they come back verified.
test('an unverified buyer with drawings is told to verify; the refusal keeps the text, the files and the draft', async () => {
  let sent = 0
  server.use(
    http.post('/api/quote', () => {
      sent += 1
      return HttpResponse.json(
        {
          error: { code: 'EMAIL_NOT_VERIFIED', message: quoteRuleWords.verifyToSendDrawings },
        },
        { status: 403 },
      )
    }),
  )
  setAccessToken('buyer-token')
  const { user } = renderWithProviders(
    <QuoteRequestForm
      hydrated
      signedIn
      process="machining"
      profile={{ phone: '+880 1700 000000', address: 'Dhaka', emailVerified: false }}
      onNeedSignIn={() => undefined}
      onSent={() => undefined}
    />,
  )
  await user.type(await screen.findByLabelText(m.partName), 'Pump bracket')
  await user.selectOptions(screen.getByLabelText(m.material), 'Brass')
  await user.type(screen.getByLabelText(m.quantityN(1)), '100')
  expect(screen.queryByText(m.verifyToSend)).toBeNull()
  await user.upload(
    screen.getByLabelText(m.drawings, { selector: 'input' }),
    new File(['%PDF-1.7'], 'bracket.pdf', { type: 'application/pdf' }),
  )
  // Told before sending: the drawings will need a verified e-mail.
  expect(screen.getByRole('status')).toHaveTextContent(m.verifyToSend)

  await user.click(screen.getByRole('button', { name: m.sendRequest }))
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.verifyToSend))
  expect(sent).toBe(1)
  // Nothing typed or chosen is lost; the draft in this tab says files were chosen.
  expect(screen.getByLabelText(m.partName)).toHaveValue('Pump bracket')
  expect(screen.getByText('bracket.pdf')).toBeInTheDocument()
  expect(readQuoteDraft()).toMatchObject({
    values: { partName: 'Pump bracket' },
    hadFiles: true,
  })
})
