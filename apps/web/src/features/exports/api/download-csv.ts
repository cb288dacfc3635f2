import { exportsContract } from '@toolworks/shared'

import { fetchFile, fileNameOf } from '@/lib/fetch-file'

export type CsvKind = 'orders' | 'users' | 'products'

const PATHS: Record<CsvKind, string> = {
  orders: exportsContract.orders.path,
  users: exportsContract.users.path,
  products: exportsContract.products.path,
}

/**
 * GET /api/export/{kind}.csv with the bearer token (admin only). The server streams the file;
 * `query` carries Manage Orders' filters.
 */
export async function downloadCsv(
  kind: CsvKind,
  query: Record<string, string | undefined> = {},
): Promise<{ blob: Blob; fileName: string }> {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, value)
  const search = params.toString()
  const { blob, disposition } = await fetchFile(PATHS[kind] + (search ? `?${search}` : ''), {
    accept: 'text/csv',
  })
  return { blob, fileName: fileNameOf(disposition, `${kind}.csv`) }
}
