// How the browser journeys start Debian's Chromium: global-setup.ts starts one for the run.
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs'

export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS]

/** Debian's Chromium, headless, as every browser journey runs it. */
export const chromiumLaunchOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
