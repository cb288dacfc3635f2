import type { Mail } from '../../lib/mailer.js'

type Person = { name: string; email: string }

export function verificationMail(user: Person, url: string): Mail {
  return {
    to: user.email,
    subject: 'Confirm your email for Toolworks',
    text: `Hello ${user.name},\n\nPlease confirm your email address by opening this link:\n\n${url}\n\nIf you did not sign up at Toolworks, ignore this message.\n`,
  }
}

export function resetPasswordMail(user: Person, url: string): Mail {
  return {
    to: user.email,
    subject: 'Reset your Toolworks password',
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Toolworks account. To choose a new password, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
  }
}
