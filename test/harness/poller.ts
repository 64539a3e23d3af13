import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { additionalDataFor, nodeTypes, registerNodeType, runWorkflow } from './engine';

/**
 * Runs the polling trigger the way an active workflow does: n8n-core's PollTriggerExecutor calls the
 * node's poll() with a real PollContext (parameters, credentials, HTTP and binary helpers, the node's
 * static data), on the workflow object that holds the static data between polls. `restart()` starts
 * over from the static data as n8n would have saved it (JSON), as after an n8n restart.
 */

export const POLL_TRIGGER_TYPE = 'n8n-nodes-fax-service.faxServicePollTrigger';
registerNodeType(POLL_TRIGGER_TYPE, new FaxServicePollTrigger());

export const POLL_NODE = 'Fax Service Polling Trigger';

export type PollOutcome =
	| { items: INodeExecutionData[] }
	| { error: Error & IDataObject }
	| { nothing: true };

export interface Poller {
	/** One scheduled poll (n8n's cron tick). */
	tick(): Promise<PollOutcome>;
	/** The poll n8n runs when it activates the workflow: its errors fail the activation. */
	activate(): Promise<PollOutcome>;
	/** "Fetch Test Event" in the editor: a manual execution of the workflow (WorkflowExecute), with its static data. */
	fetchTestEvent(): Promise<PollOutcome>;
	/** The node's static data now. */
	staticData(): IDataObject;
	/** A new workflow object from the static data as JSON, as n8n loads it after a restart. */
	restart(): void;
	setParameters(parameters: INodeParameters): void;
}

export function createPoller(
	parameters: INodeParameters,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): Poller {
	const node: INode = {
		id: 'poll-trigger',
		name: POLL_NODE,
		type: POLL_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
		credentials: { faxServiceApi: { id: '1', name: 'Fax Service account' } },
	};
	let staticData: IDataObject = {};
	const newWorkflow = () =>
		new Workflow({
			id: 'poll-workflow',
			name: 'poll test',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	let workflow = newWorkflow();
	// The static data as n8n saved it (JSON), on a new workflow object: as after a restart or a saved edit.
	const restart = () => {
		staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		workflow = newWorkflow();
	};

	const run = async (testing: boolean): Promise<PollOutcome> => {
		let outcome: PollOutcome = { nothing: true };
		const context = new PollContext(
			workflow,
			workflow.getNode(POLL_NODE)!,
			additionalDataFor(credentials),
			'trigger',
			'activate',
			(data) => (outcome = { items: data[0] }),
			(error) => (outcome = { error: error as Error & IDataObject }),
		);
		const executor = Container.get(PollTriggerExecutor).create(
			workflow,
			workflow.getNode(POLL_NODE)!,
			context,
			() => true,
		);
		try {
			await executor(testing);
		} catch (error) {
			outcome = { error: error as Error & IDataObject };
		}
		return outcome;
	};

	return {
		tick: async () => await run(false),
		activate: async () => await run(true),
		async fetchTestEvent() {
			const result = await runWorkflow({
				nodes: [node],
				connections: {},
				credentials,
				startNode: POLL_NODE,
				staticData: workflow.staticData,
			});
			const error = result.error(POLL_NODE);
			return error ? { error } : { items: result.output(POLL_NODE) };
		},
		staticData: () =>
			JSON.parse(
				JSON.stringify(workflow.getStaticData('node', workflow.getNode(POLL_NODE)!)),
			) as IDataObject,
		restart,
		setParameters(next) {
			node.parameters = { ...node.parameters, ...next };
			restart();
		},
	};
}

export function itemsOf(outcome: PollOutcome): INodeExecutionData[] {
	if ('error' in outcome)
		throw new Error(
			`The poll failed: ${outcome.error.message} ${String(outcome.error.description ?? '')}`,
		);
	return 'items' in outcome ? outcome.items : [];
}

/** The `key` field (the record's token) of each item. */
export const itemTokens = (items: INodeExecutionData[], key: string): string[] =>
	items.map((item) => String(item.json[key]));

/** Every token of every poll, failing on the second emission of any: "exactly once" over a whole test, never per poll. */
export class Emitted {
	readonly tokens: string[] = [];
	private readonly seen = new Set<string>();
	constructor(private readonly key = 'sendToken') {}
	add(items: INodeExecutionData[]): string[] {
		const tokens = itemTokens(items, this.key);
		for (const token of tokens) {
			if (this.seen.has(token)) throw new Error(`${token} was emitted twice`);
			this.seen.add(token);
			this.tokens.push(token);
		}
		return tokens;
	}
}
