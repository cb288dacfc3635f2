/**
 * An ADMIN_EMAILS address. Such an account is an admin once its
 * mailbox is proven, and until then nobody is signed in to it at all.
 */
export function isAdminAddress(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase())
}
