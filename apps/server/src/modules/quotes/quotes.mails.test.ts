import { quoteWords } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import type { Mail } from '../../lib/mailer.js'
import { createQuoteMails } from './quotes.mails.js'

const w = quoteWords.mails

function setup(admins: string[] = ['boss@example.com', 'BOSS@example.com ', 'ops@example.com']) {
  const sent: Mail[] = []
  const errors: object[] = []
  let failing = false
  const mails = createQuoteMails({
    mailer: {
      send(mail) {
        if (failing) return Promise.reject(new Error('smtp down'))
        sent.push(mail)
        return Promise.resolve()
      },
    },
    publicUrl: 'https://shop.example',
    admins: () => Promise.resolve(admins),
    log: { error: (obj) => errors.push(obj) },
  })
  return { mails, sent, errors, fail: () => (failing = true) }
}

const request = {
  id: '7d1c1f9e-0000-4000-8000-000000000001',
  partName: 'Shaft\r\nBcc: victim@example.com',
  customerName: 'Rina <script>x</script>',
  customerEmail: 'rina@example.com',
}

describe('quote mails', () => {
  test('accepted: each admin once, the line priced, names escaped in HTML, a link to the request', async () => {
    const { mails, sent } = setup()
    await mails.accepted(request, { quantity: 500, unitPriceCents: 999 })
    expect(sent.map((mail) => mail.to)).toEqual(['boss@example.com', 'ops@example.com'])
    const mail = sent[0]!
    // A line break typed into a part name never reaches the subject as a header of its own.
    expect(mail.subject).toBe(w.acceptedSubject('Shaft Bcc: victim@example.com'))
    expect(mail.text).toContain(quoteWords.lineChoice(500, '$9.99', '$4,995.00'))
    expect(mail.text).toContain(
      'https://shop.example/dashboard/quotes/7d1c1f9e-0000-4000-8000-000000000001',
    )
    expect(mail.html).toContain('Rina &lt;script&gt;x&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
  })

  test('the buyer’s mails link to My Quotes and greet by name', async () => {
    const { mails, sent } = setup()
    await mails.quoteSent(request, '2026-12-01')
    await mails.quoteRevised(request, '2026-12-05')
    await mails.expiring(request, '2026-12-05')
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['rina@example.com', w.quoteSentSubject('Shaft Bcc: victim@example.com')],
      ['rina@example.com', w.quoteRevisedSubject('Shaft Bcc: victim@example.com')],
      ['rina@example.com', w.expiringSubject('Shaft Bcc: victim@example.com')],
    ])
    for (const mail of sent) {
      expect(mail.text).toContain(`https://shop.example/dashboard/myquotes/${request.id}`)
      expect(mail.text.startsWith(w.greeting('Rina <script>x</script>'))).toBe(true)
    }
    expect(sent[2]!.text).toContain(w.expiringText('Shaft Bcc: victim@example.com', '2026-12-05'))
  })

  test('a failing mailer is logged and never throws', async () => {
    const { mails, errors, fail } = setup()
    fail()
    await expect(mails.declined(request, 'too dear')).resolves.toBeUndefined()
    await expect(mails.quoteSent(request, '2026-12-01')).resolves.toBeUndefined()
    expect(errors).toHaveLength(3)
  })
})
