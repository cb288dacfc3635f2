// The flags Debian's Chromium runs with, headless and without a sandbox, wherever the project
// drives it: the browser journeys (e2e/support/chromium.ts) and the Lighthouse runs.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
