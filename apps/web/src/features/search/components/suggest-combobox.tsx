import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'

import { catalogWords as w, TOOL_SEARCH_MAX, type Suggestion } from '@toolworks/shared'

import { nextActive } from '../utils/suggest-keys'

type SuggestComboboxProps = {
  value: string
  onValueChange: (value: string) => void
  suggestions: readonly Suggestion[]
  /** A suggestion chosen by click or Enter. */
  onPick: (suggestion: Suggestion) => void
  /** The words searched (Enter with no suggestion chosen, or the button). */
  onSubmit: (q: string) => void
  submitLabel: string
}

/**
 * The search box with its suggestions, as the ARIA combobox pattern has it: the input owns a
 * listbox, up and down move the active option (aria-activedescendant), Enter opens it, Escape
 * closes the list. Focus never leaves the input.
 */
export function SuggestCombobox({
  value,
  onValueChange,
  suggestions,
  onPick,
  onSubmit,
  submitLabel,
}: SuggestComboboxProps) {
  const inputId = useId()
  const listId = useId()
  const [active, setActive] = useState(-1)
  const [dismissed, setDismissed] = useState(false)
  const expanded = !dismissed && value.trim() !== '' && suggestions.length > 0
  const optionId = (i: number) => `${listId}-${i}`

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setDismissed(false)
      setActive((a) => nextActive(a, event.key, suggestions.length))
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setDismissed(true)
      setActive(-1)
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const chosen = suggestions[active]
      if (chosen) {
        event.preventDefault()
        onPick(chosen)
      }
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setDismissed(true)
    onSubmit(value.trim())
  }

  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-md items-end gap-2">
      <div className="relative flex flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {w.searchLabel}
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={value}
          maxLength={TOOL_SEARCH_MAX}
          autoComplete="off"
          className="input w-full"
          onChange={(event) => {
            setDismissed(false)
            setActive(-1)
            onValueChange(event.target.value)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={w.suggestions}
          hidden={!expanded}
          className="absolute top-full z-20 mt-1 w-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={s._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer justify-between gap-3 px-3 py-2 ${
                i === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
              }`}
              // mousedown, not click: the input's blur would close the list before a click.
              onMouseDown={(event) => {
                event.preventDefault()
                onPick(s)
              }}
            >
              <span className="truncate">{s.name}</span>
              {s.partNumber && <span className="shrink-0 font-mono text-sm">{s.partNumber}</span>}
            </li>
          ))}
        </ul>
        <span className="sr-only" role="status">
          {expanded ? w.suggestionsCount(suggestions.length) : ''}
        </span>
      </div>
      <button type="submit" className="btn btn-neutral">
        {submitLabel}
      </button>
    </form>
  )
}
