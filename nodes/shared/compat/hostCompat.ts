import type { NodeConnectionType } from 'n8n-workflow';

/**
 * Values the nodes would otherwise import from the n8n-workflow of the n8n that loads them, kept here
 * because older n8n releases lack them (a missing export is `undefined` at load, and n8n then drops the
 * node without a word): `NodeConnectionTypes` arrived in n8n-workflow 1.83 (n8n 1.85), `WAIT_INDEFINITELY`
 * about n8n 1.75. Both values are n8n's own.
 */

/** n8n's main connection, typed as the connection type n8n's descriptions expect. */
export const MAIN_CONNECTION = 'main' as NodeConnectionType;

/** n8n's "wait until resumed" date: an execution waiting until then has no time limit. */
export const WAIT_INDEFINITELY = new Date('3000-01-01T00:00:00.000Z');
