import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

type DashboardSidebar = {
  open: boolean
  toggle: () => void
  close: () => void
}

const DashboardSidebarContext = createContext<DashboardSidebar | null>(null)

/**
 * The header's toggle and the dashboard's drawer live in different routes; this state joins
 * them. Only small screens use it: from `lg` the sidebar is always shown.
 */
export function DashboardSidebarProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const value = useMemo(
    () => ({ open, toggle: () => setOpen((o) => !o), close: () => setOpen(false) }),
    [open],
  )
  return <DashboardSidebarContext value={value}>{children}</DashboardSidebarContext>
}

export function useDashboardSidebar(): DashboardSidebar {
  const value = useContext(DashboardSidebarContext)
  if (!value) throw new Error('useDashboardSidebar needs a DashboardSidebarProvider')
  return value
}

export const DASHBOARD_SIDEBAR_ID = 'dashboard-sidebar'
