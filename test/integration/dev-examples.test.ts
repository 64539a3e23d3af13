/**
 * What `npm run dev` puts in its n8n (scripts/dev-examples.js): every example passes n8n's own parameter
 * check (the one the editor's Publish and every run make: NodeHelpers.getNodeParametersIssues) for this
 * package's nodes as filed, since no From Number is left empty (the examples take the account's first
 * number); dev changes nothing in them but the public font URLs' origin; and the number dev gives the
 * sandbox account is the same on every run.
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
	const SANDBOX = 'http://127.0.0.1:4010';

	test("dev publishes the examples that start on their own (a trigger other than the manual one) and need only the sandbox's credential", () => {
		const published = devExamples
			.exampleWorkflows({ sandboxOrigin: SANDBOX })
			.filter(({ workflow }) => devExamples.publishable(workflow))
			.map(({ file }) => file);
		expect(published).toEqual([
			'ai-extraction.json',
			'form-letter-fax.json',
			'form-photo-fax.json',
			'inbound-fax-route-by-classification.json',
			'poll-inbound-faxes-and-route.json',
			'provision-number-for-new-client.json',
			'referral-packet-fax.json',
		]);
		// Its Form Trigger starts it, but its OpenAI and SMTP credentials are the user's to pick.
		const approval = devExamples
			.exampleWorkflows()
			.find(({ file }) => file === 'ai-approved-referral-fax.json')!;
		expect(devExamples.publishable(approval.workflow)).toBe(false);
	});

	test('as filed, no node of the package in any example has a parameter issue: none leaves From Number empty', () => {
		for (const { file, workflow } of devExamples.exampleWorkflows()) {
			expect({ file, issues: packageNodeIssues(workflow.nodes) }).toEqual({ file, issues: {} });
		}
	});

	test("dev changes nothing in the examples but the public font URLs' origin, pointed at its sandbox (the path kept)", () => {
		const before = devExamples.exampleWorkflows();
		const after = devExamples.exampleWorkflows({ sandboxOrigin: SANDBOX });
		const changed: Array<{ file: string; node: string; url: unknown }> = [];
		for (const [index, { file, workflow }] of after.entries()) {
			for (const [nodeIndex, node] of workflow.nodes.entries()) {
				const was = before[index].workflow.nodes[nodeIndex].parameters;
				if (JSON.stringify(was) !== JSON.stringify(node.parameters)) {
					expect({ ...node.parameters, url: was.url }).toEqual(was);
					changed.push({ file, node: node.name, url: node.parameters.url });
				}
			}
		}
		expect(changed).toEqual([
			{
				file: 'letter-in-any-script.json',
				node: 'Get Font',
				url: expect.stringMatching(
					new RegExp(`^${SANDBOX}/google/fonts/[0-9a-f]{40}/ofl/notosans/NotoSans-Regular\\.ttf$`),
				),
			},
			{
				file: 'letter-in-any-script.json',
				node: 'Get Bold Font',
				url: expect.stringMatching(
					new RegExp(`^${SANDBOX}/google/fonts/[0-9a-f]{40}/ofl/notosans/NotoSans-Bold\\.ttf$`),
				),
			},
		]);
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
