import { OVERVIEW_PERIODS, overviewWords, type OverviewPeriod } from '@toolworks/shared'

const m = overviewWords

type PeriodSwitchProps = { days: OverviewPeriod; onChange: (days: OverviewPeriod) => void }

/** The 7/30/90-day switch: a group of toggle buttons, the chosen one pressed. */
export function PeriodSwitch({ days, onChange }: PeriodSwitchProps) {
  return (
    <div role="group" aria-label={m.periodLabel} className="join">
      {OVERVIEW_PERIODS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === days}
          className={`btn btn-sm join-item ${option === days ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => onChange(option)}
        >
          {m.period(option)}
        </button>
      ))}
    </div>
  )
}
