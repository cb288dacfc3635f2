/**
 * A state machine written as one table of `{ from, event, to }` rows (after
 * Vendure's order-state.ts): the services ask it whether a step is allowed and the SQL guards
 * take their from-states from it, so the check and the conditional update cannot drift.
 */
export type Transition<S extends string, E extends string> = {
  readonly from: S
  readonly event: E
  readonly to: S
}

export function stateTable<S extends string, E extends string>(rows: readonly Transition<S, E>[]) {
  return {
    rows,
    /** Where `event` takes something in `from`; undefined when the table does not allow it. */
    next: (from: S, event: E): S | undefined =>
      rows.find((row) => row.from === from && row.event === event)?.to,
    /**
     * The statuses `event` may start from, for a guard such as `where status in (…)`. Several
     * events may be asked at once when one update stands for all of them.
     */
    fromStatesOf: (...events: readonly E[]): S[] => [
      ...new Set(rows.filter((row) => events.includes(row.event)).map((row) => row.from)),
    ],
    /** The one status `event` leads to; throws if the table gives it several (a coding error). */
    targetOf: (event: E): S => {
      const targets = new Set(rows.filter((row) => row.event === event).map((row) => row.to))
      const [to] = targets
      if (targets.size !== 1 || to === undefined)
        throw new Error(`event ${event} has ${targets.size} target statuses`)
      return to
    },
    /** Whether nothing leaves `status`: a final state. */
    isFinal: (status: S): boolean => !rows.some((row) => row.from === status),
  }
}
