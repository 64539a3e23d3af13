'use strict';
/** Whether n8n has activated the published workflows: n8n 2.x's publication tables, or 1.x's active flag and log. */

const { delay, tail } = require('./util');
const { readActivationStatus, readStartupActivationStatus } = require('./database');

/** Printed by `n8n start` once workflows are activated (readiness turns green earlier). */
const READY_LINE = 'Editor is now accessible via';

/** True on 2.x unless N8N_USE_WORKFLOW_PUBLICATION_SERVICE turns it off; 1.x has none. */
function usesPublicationService(instance) {
	const value = instance.n8nEnv().N8N_USE_WORKFLOW_PUBLICATION_SERVICE;
	return instance.host.publicationService && (value === undefined || !/^(false|0)$/i.test(value));
}

/**
 * Activation state of every published workflow (see database.js): from n8n 2.x's publication
 * tables, else from the active versions and the log since the last start:
 * [{ workflowId, name, versionId, state: 'pending' | 'activated' | 'failed', errors: [] }].
 */
async function activationStatus(instance) {
	const query = (sql, params) => instance.query(sql, params);
	let status;
	if (usesPublicationService(instance)) status = await readActivationStatus(query);
	else {
		// 1.x: failures are only in the log since the start (on the shared n8n, a whole run's log).
		const sinceStart =
			instance.logOffset === undefined ? '' : instance.logs({ since: instance.logOffset });
		status = await readStartupActivationStatus(
			query,
			sinceStart.includes(READY_LINE) ? sinceStart : null,
		);
	}
	// On the shared n8n (shared.js), a suite's own workflows: another suite's are not its to wait for.
	const own = instance.shared?.workflowIds;
	return own ? status.filter((workflow) => own.has(workflow.workflowId)) : status;
}

/** Waits until no published workflow is pending activation (see activationStatus()). */
async function waitForActivation(
	instance,
	{ until = Date.now() + 60000, requireActivation = true } = {},
) {
	for (;;) {
		const status = await activationStatus(instance);
		const pending = status.filter((workflow) => workflow.state === 'pending');
		const failed = status.filter((workflow) => workflow.state === 'failed');
		if (pending.length === 0) {
			if (failed.length > 0 && requireActivation) {
				throw new Error(
					`n8n could not activate ${failed.map((workflow) => `"${workflow.name}" (${workflow.workflowId}): ${workflow.errors.join('; ')}`).join(', ')}\n` +
						tail(instance.logs({ since: instance.logOffset }), 3000),
				);
			}
			return status;
		}
		if (!instance.isRunning())
			throw new Error(
				`n8n exited while activating workflows:\n${tail(instance.logs({ since: instance.logOffset }))}`,
			);
		if (Date.now() > until) {
			throw new Error(
				`n8n did not activate ${pending.map((workflow) => workflow.workflowId).join(', ')} in time:\n${tail(instance.logs({ since: instance.logOffset }))}`,
			);
		}
		await delay(250);
	}
}

module.exports = { READY_LINE, usesPublicationService, activationStatus, waitForActivation };
