'use strict';
/**
 * Running a saved workflow in a running n8n as the editor's *Execute workflow* button does: POST
 * /rest/workflows/<id>/run as the owner, from the workflow's Manual Trigger (n8n 2.x runs the saved
 * workflow; 1.x takes it in the body), then the execution n8n records, read from its database until it
 * has finished or waits. `n8n execute` does the same in a process of its own, a whole n8n boot (8–20 s
 * of a core on a loaded machine); this is one request to the n8n already running.
 */

const { FINISHED_STATUSES } = require('./database');
const { ownerCookie, payload } = require('./rest-setup');
const { delay } = require('./util');
const { ceiling } = require('../machine');

const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';

/**
 * Resolves the run as `n8n execute --rawOutput` prints it ({ status, mode, finished, data }), once the
 * execution finished or waits (a Wait node, Send and Wait). Rejects when n8n refuses the run or the
 * execution does not get there within timeoutMs.
 */
async function runManually(instance, workflowId, { timeoutMs = ceiling(180000) } = {}) {
	const cookie = await ownerCookie(instance);
	const saved = payload(
		await instance.rest('GET', `/rest/workflows/${workflowId}`, { cookie }),
		`GET /rest/workflows/${workflowId}`,
	);
	const trigger = saved.nodes.find((node) => node.type === MANUAL_TRIGGER);
	if (!trigger) throw new Error(`runManually: workflow ${workflowId} has no Manual Trigger`);
	const started = payload(
		await instance.rest('POST', `/rest/workflows/${workflowId}/run`, {
			cookie,
			body: { workflowData: saved, triggerToStartFrom: { name: trigger.name } },
		}),
		`POST /rest/workflows/${workflowId}/run`,
	);
	const executionId = started && started.executionId;
	if (executionId === undefined)
		throw new Error(`runManually: n8n started no execution: ${JSON.stringify(started)}`);
	const until = Date.now() + timeoutMs;
	for (;;) {
		const execution = (await instance.executions(workflowId)).find(
			(candidate) => String(candidate.id) === String(executionId),
		);
		// Finished or waiting, with its run data stored (n8n 1.x may mark the row before writing it).
		if (
			execution &&
			execution.data !== null &&
			(FINISHED_STATUSES.has(execution.status) || execution.status === 'waiting')
		) {
			return {
				status: execution.status,
				mode: execution.mode,
				finished: execution.finished,
				data: execution.data,
			};
		}
		if (Date.now() > until)
			throw new Error(
				`runManually: execution ${executionId} of workflow ${workflowId} did not finish within ${timeoutMs} ms (status ${execution ? execution.status : 'not recorded'})`,
			);
		await delay(200);
	}
}

module.exports = { runManually };
