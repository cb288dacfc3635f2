import { useState } from 'react'

import { productPageWords as w } from '@toolworks/shared'

/** The part number with a copy button: engineers paste it into orders and mails. */
export function PartNumber({ value }: { value: string }) {
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void navigator.clipboard
      ?.writeText(value)
      .then(() => setCopied(true))
      // Without clipboard access (an insecure origin, a refusal) the number stays selectable.
      .catch(() => setCopied(false))
  }
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="text-base-content/80">{w.partNumber}:</span>
      <span className="font-mono text-lg font-bold" data-testid="part-number">
        {value}
      </span>
      <button
        type="button"
        className="btn btn-xs btn-outline"
        onClick={copy}
        aria-label={w.copyPartNumber}
      >
        {copied ? w.copied : w.copyPartNumber}
      </button>
      <span className="sr-only" role="status">
        {copied ? w.copied : ''}
      </span>
    </p>
  )
}
