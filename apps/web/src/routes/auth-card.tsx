import type { ReactNode } from 'react'

/** The centred card around the login, signup and reset-password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page-container flex justify-center py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="page-title text-center">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  )
}
