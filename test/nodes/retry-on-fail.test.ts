/**
 * n8n's Retry On Fail, in n8n's engine: it runs the whole node again in the same execution, and the
 * node sends again only what no earlier try sent. An item answered before keeps its earlier answer;
 * an item whose request may have taken effect is not sent again; a refused or unsent item is sent.
 */
import { randomUUID } from 'crypto';
import type { INode, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../harness/engine';
import type { TestInputItem } from '../harness/test-input.node';
import { createdBy, creationItems, creationsOf } from './creations';
import {
	api,
	apiRequests,
	byNumber,
	errorOf,
	fileItem,
	outputOf,
	pdf,
	useEngineSuite,
} from './fixtures';

const HTML = '<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1></body></html>';
const SENT_FAXES = /^\/api\/v2\/sent_faxes$/;
/** n8n's own floor: a wait of 0 between tries becomes 1 s. */
const RETRY: Partial<INode> = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
const NUMBERS = ['+13105550001', '+13105550002', '+13105550003', '+13105550004', '+13105550005'];

describe('Retry On Fail never creates anything twice', () => {
	const suite = useEngineSuite({ accountNumbers: 1, faultProxy: true, receiver: true });
	const oneAtATime = { requestsInParallel: 1 };
	const send = (): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: '={{ $json.to }}',
		requestOptions: oneAtATime,
	});
	const faxItems = (): TestInputItem[] =>
		NUMBERS.map((to) => fileItem(pdf(1), 'fax.pdf', 'application/pdf', { to }));
	/** A run of one execution (n8n gives every execution an id; Retry On Fail's tries share it). */
	const runOnce = async (
		parameters: INodeParameters,
		items: TestInputItem[],
		node: Partial<INode> = RETRY,
	): Promise<RunResult> =>
		await suite.run(parameters, {
			items,
			node,
			additionalData: { executionId: `retry-${randomUUID()}` },
		});
	const sentFaxes = async () =>
		(await api(suite.sandbox, 'GET', '/sent_faxes?page_size=100')).body.sentFaxes as Array<{
			sendToken: string;
			toNumber: string;
		}>;
	/** The numbers the service holds faxes to, one entry per fax. */
	const faxedNumbers = async () => (await sentFaxes()).map((fax) => fax.toNumber).sort();
	/** The number each output item's faxId was sent to, in output order. */
	const numbersOfOutput = async (output: Array<{ json: Record<string, unknown> }>) => {
		const toNumber = new Map((await sentFaxes()).map((fax) => [fax.sendToken, fax.toNumber]));
		return output.map((item) => toNumber.get(String(item.json.faxId)));
	};
	/** Lets `count` sends through, then answers the next `times` with `fault`. */
	const failSend = (
		count: number,
		fault: Parameters<typeof suite.proxy.plan>[2],
		times: number,
	) => {
		if (count > 0) suite.proxy.plan('POST', SENT_FAXES, { kind: 'delay', ms: 0 }, count);
		suite.proxy.plan('POST', SENT_FAXES, fault, times);
	};

	test("the 4th of 5 sends refused twice (429): the next try sends items 3 and 4 only; one fax per number, outputs in input order with the first try's ids", async () => {
		failSend(3, { kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } }, 2);
		const output = outputOf(await runOnce(send(), faxItems()));

		expect(await faxedNumbers()).toEqual(NUMBERS);
		expect(
			suite.proxy.requests.filter((r) => SENT_FAXES.test(r.path)).map((r) => r.fault ?? 'passed'),
		).toEqual(['delay', 'delay', 'delay', 'answer', 'answer', 'passed', 'passed']);
		expect(output.map((item) => item.pairedItem)).toEqual(NUMBERS.map((_, item) => ({ item })));
		expect(await numbersOfOutput(output)).toEqual(NUMBERS);
	});

	test('the 2nd send answered 500 after the service took it (may exist): no try sends it again, and the error says why and what was sent', async () => {
		failSend(1, { kind: 'forwardThenAnswer', status: 500, body: HTML }, 1);
		const error = errorOf(await runOnce(send(), faxItems()));

		// Every try stops at item 1 (without Continue On Fail a failure starts nothing new): items 2-4 are never sent.
		expect(await faxedNumbers()).toEqual(NUMBERS.slice(0, 2));
		expect(apiRequests(suite.sandbox, 'POST', '/sent_faxes')).toHaveLength(2);
		expect(String(error.description)).toMatch(
			/Sent and answered before the node stopped: item 0 \(faxId "[^"]+"\)/,
		);
		expect(String(error.description)).toContain('Not sent: items 2–4.');
		expect(error.message).toBe(
			'Not sent again: an earlier try of this node sent POST /sent_faxes, and it may have taken effect',
		);
		expect(error.httpCode).toBe('500');
		expect(String(error.description)).toContain("n8n's Retry On Fail ran the node again");
		expect(error.context?.itemIndex).toBe(1);
	});

	test('Continue On Fail with the first item refused: n8n runs the node again for its error item, and only that item is sent again', async () => {
		failSend(0, { kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } }, 2);
		const output = outputOf(await runOnce(send(), faxItems(), { ...RETRY, continueOnFail: true }));

		expect(await faxedNumbers()).toEqual(NUMBERS);
		expect(await numbersOfOutput(output)).toEqual(NUMBERS);
	});

	test('without Retry On Fail the node runs once: the refused item fails the node and nothing is kept for a later run', async () => {
		failSend(0, { kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } }, 2);
		expect(errorOf(await runOnce(send(), faxItems(), {})).httpCode).toBe('429');
		expect(await faxedNumbers()).toEqual([]);
	});

	test('another execution sends again: what a failed execution sent is kept for its own tries only', async () => {
		// Item 1 is refused on every try (3 tries, 2 requests each): the execution fails with item 0 answered.
		failSend(1, { kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } }, 6);
		expect(errorOf(await runOnce(send(), faxItems().slice(0, 2))).httpCode).toBe('429');
		outputOf(await runOnce(send(), faxItems().slice(0, 2)));
		expect(await faxedNumbers()).toEqual([NUMBERS[0], NUMBERS[0], NUMBERS[1]]);
	});

	test('Send and Wait for Completion: the 2nd of 3 sends refused twice (429): one fax per number, then the run waits with all 3', async () => {
		failSend(1, { kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } }, 2);
		const parameters = {
			...send(),
			operation: 'sendAndWaitForCompletion',
			binaryPropertyName: 'data',
			waitAmount: 1,
			waitUnit: 'hours',
		};
		const waitingBaseUrl = `${new URL(suite.receiver.url).origin}/webhook-waiting`;
		const result = await suite.run(parameters, {
			items: faxItems().slice(0, 3),
			node: RETRY,
			additionalData: {
				executionId: `retry-${randomUUID()}`,
				webhookWaitingBaseUrl: waitingBaseUrl,
			},
		});

		expect(result.run.status).toBe('waiting');
		expect(await faxedNumbers()).toEqual(NUMBERS.slice(0, 3));
		expect(
			suite.proxy.requests.filter((r) => SENT_FAXES.test(r.path)).map((r) => r.fault ?? 'passed'),
		).toEqual(['delay', 'answer', 'answer', 'passed', 'passed']);
	});

	describe.each(creationsOf(suite))('$name', (creation) => {
		test('the 2nd of 3 refused twice (429): 3 records, one per item, after one more try', async () => {
			const parameters = { ...(await creation.parameters()), requestOptions: oneAtATime };
			suite.proxy.plan(creation.method, creation.path, { kind: 'delay', ms: 0 }, 1);
			suite.proxy.plan(
				creation.method,
				creation.path,
				{ kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } },
				2,
			);
			const output = outputOf(await runOnce(parameters, creationItems(creation, 3).items));

			expect(createdBy(suite, creation)).toHaveLength(3);
			expect(
				suite.proxy.requests
					.filter((r) => creation.path.test(r.path))
					.map((r) => r.fault ?? 'passed'),
			).toEqual(['delay', 'answer', 'answer', 'passed', 'passed']);
			expect(output.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
		});
	});
});
