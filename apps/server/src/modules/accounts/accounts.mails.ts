import { fitDisplayName, signUpAttemptMailWords } from '@toolworks/shared'

import type { Mail } from '../../lib/mailer.js'

type Person = { name: string; email: string; emailVerified: boolean }

/**
 * A mail to an address nobody has proven yet carries no text its registrant typed:
 * whoever signed up may not own the mailbox, so the name would be their words in the shop's
 * mail. Such mails say "Hello,". To a verified address, the name appears as plain text on one
 * line, at most 100 characters; older rows with longer names or line breaks
 * are fitted here. The mails are text only: there is no HTML part to inject markup into.
 */
const greeting = (user: Person) => {
  const name = user.emailVerified ? fitDisplayName(user.name, '') : ''
  return name ? `Hello ${name},` : 'Hello,'
}

/**
 * `choosePassword`: the address is in ADMIN_EMAILS, whose link leads to choosing the password
 * (the one typed at sign-up is discarded, so whoever pre-registered the address never gets in).
 */
export function verificationMail(
  user: Person,
  url: string,
  { choosePassword = false }: { choosePassword?: boolean } = {},
): Mail {
  const ask = choosePassword
    ? 'Please confirm your email address and choose your password by opening this link:'
    : 'Please confirm your email address by opening this link:'
  return {
    to: user.email,
    subject: 'Confirm your email for Toolworks',
    text: `${greeting(user)}\n\n${ask}\n\n${url}\n\nIf you did not sign up at Toolworks, ignore this message.\n`,
  }
}

export function resetPasswordMail(user: Person, url: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your Toolworks password',
    text: `${greeting(user)}\n\nSomeone asked to reset the password of your Toolworks account. To choose a new password, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
  }
}

/**
 * To the owner of an address someone tried to sign up with: sign-up answers them as if the
 * address were new (so nobody learns who shops here), so the owner is the one who is told.
 */
export function signUpAttemptMail(user: Person, publicUrl: string): Mail {
  const w = signUpAttemptMailWords
  return {
    to: user.email,
    subject: w.subject,
    text: `${greeting(user)}\n\n${w.happened}\n\n${w.ifYou}\n\n${new URL('/login', publicUrl).href}\n\n${w.ifNot}\n`,
  }
}
