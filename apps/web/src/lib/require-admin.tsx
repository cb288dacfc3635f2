import { useEffect, useRef } from 'react'
import { Outlet } from 'react-router'

import { messages } from '@toolworks/shared'

import { useIsAdmin, useSignOut } from './auth'

function Checking() {
  return (
    <p role="status" className="py-16 text-center text-base-content/70">
      <span className="loading loading-spinner loading-md mr-2 align-middle" aria-hidden="true" />
      {messages.accounts.checkingAdmin}
    </p>
  )
}

/**
 * Admin route guard (docs/product.md §2, §6): a non-admin is signed out; RequireAuth around it then
 * sends them to /login, remembering this page.
 */
export function RequireAdmin() {
  const status = useIsAdmin()
  const signOut = useSignOut()
  const { mutate } = signOut
  const started = useRef(false)

  useEffect(() => {
    if (status !== 'not-admin' || started.current) return
    started.current = true
    mutate()
  }, [status, mutate])

  if (status === 'admin') return <Outlet />
  return <Checking />
}
