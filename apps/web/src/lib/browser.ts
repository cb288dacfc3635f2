/** Leaving the app for another site (an OAuth provider); an object so tests can replace it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url)
  },
}
