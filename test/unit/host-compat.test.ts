/**
 * What the nodes keep of their own instead of reading it from the n8n that loads them (older n8n lacks
 * it: README, Compatibility): the same values as n8n's.
 */
import { NodeConnectionTypes, WAIT_INDEFINITELY as N8N_WAIT_INDEFINITELY } from 'n8n-workflow';

import { MAIN_CONNECTION, WAIT_INDEFINITELY } from '../../nodes/shared/compat/hostCompat';

test('the values the nodes keep of their own are those of n8n-workflow 2.41', () => {
	expect(MAIN_CONNECTION).toBe(NodeConnectionTypes.Main);
	expect(WAIT_INDEFINITELY.toISOString()).toBe(N8N_WAIT_INDEFINITELY.toISOString());
});
