/**
 * Ceilings of the suites' waits, in this machine's time (scripts/machine.js): a wait ends on its
 * outcome (a log line, a state, an exit), and fails only past its ceiling, which is as long as on the
 * developers' machine times how much slower this one measured at the run's start.
 */
import { ceiling } from '../../scripts/machine';

/** A minute of the developers' machine, as long as it lasts on this one: for ceilings, never for schedules. */
export const MACHINE_MINUTE = ceiling(60_000);

export { ceiling };
