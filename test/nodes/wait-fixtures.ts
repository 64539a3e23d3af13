import { createHmac } from 'crypto';

import { Container } from '@n8n/di';
import { InstanceSettings } from 'n8n-core';
import type { INode, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import type { RunResult } from '../harness/engine';
import type { TestInputItem } from '../harness/test-input.node';
import { runFaxService } from '../harness/workflows';
import { byNumber, fileItem, pdf, useEngineSuite } from './fixtures';

/** Shared by the wait operations' engine suites (send-and-wait.test.ts: the send part; resume.test.ts: webhook()). */

export const NODE_ID = 'fax-service';
export const FROM = '+12125550001';
export const DELIVERED = '+13105551234';
/** The sandbox fails faxes to numbers ending 0000. */
export const FAILING = '+13105550000';
/** The wait operations' value in 0.1.0 (both resources): saved workflows still store it. */
export const LEGACY = 'sendAndWait';

export const sendAndWait = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'sentFax',
	operation: 'sendAndWaitForCompletion',
	binaryPropertyName: 'data',
	fromNumber: byNumber(FROM),
	toNumber: '={{ $json.to }}',
	...parameters,
});
export const uploadAndWait = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'aiDocument',
	operation: 'uploadAndWaitForResult',
	binaryPropertyName: 'data',
	...parameters,
});
export const faxItem = (to: string, file = pdf(1, `fax to ${to}`)) =>
	fileItem(file, `to-${to}.pdf`, 'application/pdf', { to });

/** One run of Test Input → Fax Service as n8n would start it: with an execution id, so the node can build its resume URL. */
export interface WaitRun {
	executionId: string;
	result: RunResult;
	parameters: INodeParameters;
	items: TestInputItem[];
	/** The resume URL n8n checks for this execution's Fax Service node, computed here independently. */
	resumeUrl: string;
}

let executionCounter = 1000;

/**
 * What n8n checks, by the stored operation value: for the 0.1.0 value n8n-core's getSignedResumeUrl()
 * (<base>/<executionId>/<nodeId>?signature=HMAC(path)); for any other value, n8n 2.x's resume token
 * (<base>/<executionId>/<nodeId>?signature=<the execution's resumeToken>).
 */
export function expectedResumeUrl(
	waitingBaseUrl: string,
	executionId: string,
	parameters: INodeParameters,
	result: RunResult,
): string {
	const base = new URL(`${waitingBaseUrl}/${executionId}/${NODE_ID}`);
	if (parameters.operation === LEGACY) {
		const signature = createHmac('sha256', Container.get(InstanceSettings).hmacSignatureSecret)
			.update(base.pathname)
			.digest('hex');
		return `${base.toString()}?signature=${signature}`;
	}
	const token = result.run.data.resumeToken;
	if (!token) throw new Error('the run has no resume token');
	return `${base.toString()}?signature=${token}`;
}

export async function runWait(
	sandbox: Sandbox,
	waitingBaseUrl: string,
	parameters: INodeParameters,
	items: TestInputItem[],
	options: { node?: Partial<INode>; credentials?: Partial<Record<string, string>> } = {},
): Promise<WaitRun> {
	const executionId = String(++executionCounter);
	const result = await runFaxService(sandbox, parameters, {
		items,
		node: options.node,
		credentials: options.credentials,
		additionalData: { executionId, webhookWaitingBaseUrl: waitingBaseUrl },
	});
	return {
		executionId,
		result,
		parameters,
		items,
		resumeUrl: expectedResumeUrl(waitingBaseUrl, executionId, parameters, result),
	};
}

/** What the wait operations' engine suites use; read its fields inside hooks and tests. */
export interface WaitSuite {
	/** The suite's sandbox, reset before each test with the account's number FROM seeded. */
	readonly sandbox: Sandbox;
	/** Where the resume URLs point: the suite's callback receiver (answers 200, so each callback is sent once), path /webhook-waiting. */
	readonly waitingBaseUrl: string;
	/** Runs a wait operation through the engine with a new execution id, as runWait(). */
	run(
		parameters: INodeParameters,
		items: TestInputItem[],
		options?: { node?: Partial<INode>; credentials?: Partial<Record<string, string>> },
	): Promise<WaitRun>;
}

/** The setup of send-and-wait.test.ts and resume.test.ts, as jest hooks of the enclosing describe (useEngineSuite). */
export function useWaitSuite(): WaitSuite {
	const engine = useEngineSuite({ accountNumbers: 1, receiver: true });
	const suite: WaitSuite = {
		get sandbox() {
			return engine.sandbox;
		},
		get waitingBaseUrl() {
			return `${new URL(engine.receiver.url).origin}/webhook-waiting`;
		},
		run: async (parameters, items, options = {}) =>
			await runWait(engine.sandbox, suite.waitingBaseUrl, parameters, items, options),
	};
	return suite;
}
