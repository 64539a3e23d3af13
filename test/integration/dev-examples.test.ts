/**
 * What `npm run dev` puts in its n8n (scripts/dev-examples.js): every example it publishes passes n8n's
 * own parameter check (the one the editor's Publish and every run make: NodeHelpers.getNodeParametersIssues)
 * for this package's nodes, because dev gives the sandbox account a number and puts it in the From
 * Number an example leaves for the user to pick; and the number is the same on every run.
 */
import type { INode, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const devExamples = require('../../scripts/dev-examples.js') as {
	exampleWorkflows(options?: {
		sandboxOrigin?: string;
		n8nOrigin?: string;
		fromNumber?: string;
	}): Array<{ file: string; workflow: { name: string; nodes: INode[] } }>;
	publishable(workflow: { nodes: INode[] }): boolean;
	inboundTriggerUrl(n8nOrigin?: string): string;
	devFaxNumber(sandbox: { baseUrl: string; testKey: string }, callbackUrl: string): Promise<string>;
};

const NODE_TYPES: Record<string, INodeType> = {
	'n8n-nodes-fax-service.faxService': new FaxService(),
	'n8n-nodes-fax-service.faxServiceTrigger': new FaxServiceTrigger(),
	'n8n-nodes-fax-service.faxServicePollTrigger': new FaxServicePollTrigger(),
};

/** n8n's issues of the package's nodes in an example, by node name. */
function packageNodeIssues(nodes: INode[]): Record<string, string[]> {
	const issues: Record<string, string[]> = {};
	for (const node of nodes) {
		const type = NODE_TYPES[node.type];
		if (!type) continue;
		const found = NodeHelpers.getNodeParametersIssues(
			type.description.properties,
			node,
			type.description,
		);
		if (found?.parameters) issues[node.name] = Object.values(found.parameters).flat();
	}
	return issues;
}

describe('npm run dev: the examples it publishes are ready to run', () => {
	const NUMBER = '+14155550001';

	test("dev publishes the examples that start on their own (a trigger other than the manual one) and need only the sandbox's credential", () => {
		const published = devExamples
			.exampleWorkflows({ fromNumber: NUMBER })
			.filter(({ workflow }) => devExamples.publishable(workflow))
			.map(({ file }) => file);
		expect(published).toEqual([
			'ai-extraction.json',
			'form-letter-fax.json',
			'form-photo-fax.json',
			'inbound-fax-route-by-classification.json',
			'poll-inbound-faxes-and-route.json',
			'provision-number-for-new-client.json',
		]);
		// Its Form Trigger starts it, but its OpenAI and SMTP credentials are the user's to pick.
		const approval = devExamples
			.exampleWorkflows()
			.find(({ file }) => file === 'ai-approved-referral-fax.json')!;
		expect(devExamples.publishable(approval.workflow)).toBe(false);
	});

	test("with dev's number, no node of the package in any example has a parameter issue; the example file alone leaves From Number empty", () => {
		for (const { file, workflow } of devExamples.exampleWorkflows({ fromNumber: NUMBER })) {
			expect({ file, issues: packageNodeIssues(workflow.nodes) }).toEqual({ file, issues: {} });
		}
		// What the issue saw: the file as it is stops the editor's first Publish.
		const asFiled = (name: string) =>
			devExamples.exampleWorkflows().find(({ file }) => file === name)!.workflow.nodes;
		expect(packageNodeIssues(asFiled('form-letter-fax.json'))).toEqual({
			'Fax the Letter': ['Parameter "From Number" is required.'],
		});
		expect(packageNodeIssues(asFiled('form-photo-fax.json'))).toEqual({
			'Fax the Document': ['Parameter "From Number" is required.'],
		});
	});

	test('the number goes only where From Number was empty: expressions and typed numbers are kept', () => {
		const before = devExamples.exampleWorkflows();
		const after = devExamples.exampleWorkflows({ fromNumber: NUMBER });
		const changed: string[] = [];
		for (const [index, { file, workflow }] of after.entries()) {
			for (const [nodeIndex, node] of workflow.nodes.entries()) {
				const was = before[index].workflow.nodes[nodeIndex].parameters;
				if (JSON.stringify(was) !== JSON.stringify(node.parameters))
					changed.push(`${file}: ${node.name}`);
			}
		}
		expect(changed).toEqual([
			'form-letter-fax.json: Fax the Letter',
			'form-photo-fax.json: Fax the Document',
		]);
		const send = after
			.find(({ file }) => file === 'form-letter-fax.json')!
			.workflow.nodes.find((node) => node.name === 'Fax the Letter')!;
		expect(send.parameters.fromNumber).toEqual({
			__rl: true,
			mode: 'list',
			value: NUMBER,
			cachedResultName: NUMBER,
		});
	});

	describe('the sandbox number', () => {
		const sandboxes: Sandbox[] = [];
		afterAll(async () => {
			for (const sandbox of sandboxes) await sandbox.stop();
		});

		test("a fresh sandbox gets the same number on every run, its faxes sent to the inbound example's trigger; an account with a number keeps it", async () => {
			const callbackUrl = devExamples.inboundTriggerUrl('http://127.0.0.1:5678');
			expect(callbackUrl).toMatch(
				/^http:\/\/127\.0\.0\.1:5678\/webhook\/[0-9a-f-]{36}\/fax-service$/,
			);
			const numbers: string[] = [];
			for (let run = 0; run < 2; run++) {
				const sandbox = await startSandbox({ port: 0 });
				sandboxes.push(sandbox);
				numbers.push(await devExamples.devFaxNumber(sandbox, callbackUrl));
				// An account that has a number keeps it: nothing more is provisioned.
				expect(await devExamples.devFaxNumber(sandbox, callbackUrl)).toBe(numbers[run]);
				const listed = (await (
					await fetch(`${sandbox.baseUrl}/fax_numbers`, {
						headers: { authorization: `Bearer ${sandbox.testKey}` },
					})
				).json()) as {
					faxNumbers: Array<{ number: string; callbackUrl: string | null }>;
				};
				expect(listed.faxNumbers).toEqual([
					expect.objectContaining({ number: numbers[run], callbackUrl }),
				]);
			}
			expect(numbers).toEqual([NUMBER, NUMBER]);
		});
	});
});
