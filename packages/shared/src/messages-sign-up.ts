/**
 * Sign-up answers an address that already has an account exactly as a new one, and signs
 * nobody in: the form then signs in with what was typed. These words live apart from
 * `messages` so the first load of every page does not carry them (only the sign-up page and
 * the server's mail use them).
 */
export const signUpWords = {
  /**
   * The sign-in after sign-up was refused: the address had an account with another password, or
   * it runs the shop and must be proven first. The words fit both and tell neither apart.
   */
  checkMailbox:
    'Almost done: we sent an e-mail to this address. Open it and follow what it says, then log in.',
  /** The sign-in after sign-up failed for a reason that may pass (busy, offline, server error). */
  signInFailed: (reason: string) =>
    `${reason} What you typed is kept: press SIGNUP again to log in.`,
} as const

/** The mail to an account's owner when someone signs up with its address. */
export const signUpAttemptMailWords = {
  subject: 'Someone tried to sign up at Toolworks with your address',
  happened:
    'Someone tried to make a new Toolworks account with this e-mail address, which already has one. Nothing was changed: your account and your password stay as they are.',
  ifYou:
    'If it was you, log in with your password; if you forgot it, choose a new one with "Reset password" on the same page:',
  ifNot: 'If it was not you, ignore this message.',
} as const
