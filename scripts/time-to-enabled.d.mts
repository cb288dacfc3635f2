import type { CDPSession, Page } from 'playwright-core'

/** Lighthouse's emulated mid-range phone (time-to-enabled.mjs). */
export declare const MID_RANGE_PHONE: {
  cpuRate: number
  latencyMs: number
  downloadKbps: number
  uploadKbps: number
}
export declare function emulateMidRangePhone(page: Page): Promise<CDPSession>
export declare function timeToEnabled(page: Page, url: string, name: string): Promise<number>
