import type { Role } from '@toolworks/shared'

/**
 * Who is calling and what they own, in one place. The bearer hooks put the
 * caller on the request (lib/route-helpers.ts `actorOf`); services decide with these.
 */
export type Actor = { id: string; email: string; name: string; role: Role }

/** Two e-mail addresses name one account: the address is compared trimmed and in any case. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export const isAdmin = (actor: Actor) => actor.role === 'admin'

/** Whether `email` is the caller's own address (a `?customer=` or `/{email}` in a path). */
export const isSelf = (actor: Actor, email: string) => sameEmail(actor.email, email)

/**
 * Whether the caller owns a row. Every row names its customer's id; an order also names the
 * address it was placed with, and the address owns it too (orders placed before sign-in by id
 * existed, and the original client's `?customer=`: docs/product.md). A quote is owned by id only:
 * it never passes `email`.
 */
export function owns(actor: Actor, owner: { customerId: string | null; email?: string }): boolean {
  if (owner.customerId !== null && owner.customerId === actor.id) return true
  return owner.email !== undefined && sameEmail(owner.email, actor.email)
}

/** Whether the caller may read a row: its owner, or an admin. */
export const mayRead = (actor: Actor, owner: { customerId: string | null; email?: string }) =>
  owns(actor, owner) || isAdmin(actor)
