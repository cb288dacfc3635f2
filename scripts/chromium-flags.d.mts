/** The flags Debian's Chromium runs with wherever the project drives it (chromium-flags.mjs). */
export declare const CHROMIUM_FLAGS: readonly string[]
