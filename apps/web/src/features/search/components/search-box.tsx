import { useEffect, useState } from 'react'

import { messages, SUGGEST_MAX, type Suggestion } from '@toolworks/shared'

import { useSuggestions } from '../api/get-suggestions'
import { SuggestCombobox } from './suggest-combobox'

// Ask once the typing pauses, not on every key.
const SUGGEST_DELAY_MS = 150

type SearchBoxProps = {
  /** The URL's words; key the box by them so back and forward put them in the box. */
  q: string
  onSearch: (q: string) => void
  onPick: (suggestion: Suggestion) => void
}

/** /products' search box: suggestions as you type (GET /api/tool/suggest), at most 8. */
export function SearchBox({ q, onSearch, onPick }: SearchBoxProps) {
  const [value, setValue] = useState(q)
  const [asked, setAsked] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setAsked(value.trim()), SUGGEST_DELAY_MS)
    return () => clearTimeout(timer)
  }, [value])
  const suggestions = useSuggestions(asked)

  return (
    <SuggestCombobox
      value={value}
      onValueChange={setValue}
      suggestions={(suggestions.data ?? []).slice(0, SUGGEST_MAX)}
      onPick={onPick}
      onSubmit={onSearch}
      submitLabel={messages.catalog.searchButton}
    />
  )
}
