/**
 * When a ticket's service level is at risk: its clock runs and it is due within a few hours,
 * or already overdue. Shared by the dashboard's "SLA at risk" widget and the workload page,
 * so both count the same tickets.
 */

/** How close to its deadline a running ticket counts as at risk. */
export const AT_RISK_HOURS = 8;

/**
 * The states in which a ticket's clock runs: support owes the next move. A pending ticket
 * waits on the customer, so its deadline is not support's to miss.
 */
export const CLOCK_RUNNING: readonly string[] = ['new', 'open'];

const MINUTE = 60_000;

/**
 * The instant before which a running ticket is at risk, as the API compares it (ISO). Rounded
 * down to the minute, so a query keyed by it changes once a minute, not on every render.
 * @example atRiskCutoff(Date.parse('2025-01-01T10:00:30Z')) // '2025-01-01T18:00:00.000Z'
 */
export function atRiskCutoff(now: number): string {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  return new Date(minute + AT_RISK_HOURS * 60 * MINUTE).toISOString();
}
