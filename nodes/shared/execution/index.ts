/**
 * execution/ — layer 1. A node run's control: the gate every item's first request waits at (gate,
 * requestGate), at most N at a time (concurrency), what a Stop or Timeout Workflow does (stop), the
 * 429 pause every request of the run waits for (runPause), and what each item created (createdIds,
 * earlierTries: Retry On Fail never creates twice). May import credentials/ only; transport/ and the
 * nodes import it, through this file.
 */

export * from './concurrency';
export * from './createdIds';
export * from './earlierTries';
export * from './gate';
export * from './requestGate';
export * from './runPause';
export * from './stop';
