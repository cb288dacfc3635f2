// docs/product.md §3: the access token lives in local storage under `accessToken`.
const KEY = 'accessToken'

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): behave as signed out.
    return null
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(KEY, token)
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
}
