import { fitDisplayName } from '@toolworks/shared'

import type { Mail } from '../../lib/mailer.js'

type Person = { name: string; email: string }

/**
 * The name as it may appear in an e-mail (issue 13, M5): plain text on one line, at most 100
 * characters. It was typed by whoever signed up, who may not own the address the mail goes
 * to, so it can never add a line, a paragraph or a header of its own. Older rows may hold
 * longer names or line breaks; they are fitted here, not rewritten in the database. The mails
 * are text only: there is no HTML part the name could inject markup or links into.
 */
const greeting = (user: Person) => {
  const name = fitDisplayName(user.name, '')
  return name ? `Hello ${name},` : 'Hello,'
}

export function verificationMail(user: Person, url: string): Mail {
  return {
    to: user.email,
    subject: 'Confirm your email for Toolworks',
    text: `${greeting(user)}\n\nPlease confirm your email address by opening this link:\n\n${url}\n\nIf you did not sign up at Toolworks, ignore this message.\n`,
  }
}

export function resetPasswordMail(user: Person, url: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your Toolworks password',
    text: `${greeting(user)}\n\nSomeone asked to reset the password of your Toolworks account. To choose a new password, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
  }
}
