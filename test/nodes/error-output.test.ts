/**
 * Failed items and n8n's error handling, through n8n-core's real engine: under "Continue (using error
 * output)" every kind of failure leaves by the error output with its message, the service's words
 * (description) and the HTTP status where there was one, paired with its input item; the good item
 * leaves by the success output. Under "Continue (using regular output)" the same items come out of the
 * one output as before, with the same json (saved workflows read `$json.error` and `$json.description`).
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { apiRequests, byNumber, fileItem, NODE, pdf, PNG, useEngineSuite } from './fixtures';

const TO = '+13105551234';

describe('failed items and the error output', () => {
	const suite = useEngineSuite({ accountNumbers: 1, faultProxy: true });

	/** Six items: checked-before-request failures first, then three the service or the network fails, then a good one. */
	const items = () => [
		{ ...fileItem(pdf(1, 'bad number'), 'a.pdf'), json: { patientRef: 'A', toNumber: '555-1234' } },
		{ ...fileItem(PNG, 'scan.png', 'image/png'), json: { patientRef: 'B', toNumber: TO } },
		{
			...fileItem(pdf(1, 'refused by the service'), 'c.pdf'),
			json: { patientRef: 'C', toNumber: TO },
		},
		{ ...fileItem(pdf(1, 'service down'), 'd.pdf'), json: { patientRef: 'D', toNumber: TO } },
		{ ...fileItem(pdf(1, 'connection lost'), 'e.pdf'), json: { patientRef: 'E', toNumber: TO } },
		{ ...fileItem(pdf(1, 'good'), 'f.pdf'), json: { patientRef: 'F', toNumber: TO } },
	];
	const send = () => ({
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: '={{ $json.toNumber }}',
		// One at a time, so the faults planned below meet items 2, 3 and 4 in that order.
		requestOptions: { requestsInParallel: 1 },
	});
	const planFaults = () => {
		suite.proxy.plan('POST', /^\/api\/v2\/sent_faxes$/, {
			kind: 'answer',
			status: 422,
			body: JSON.stringify({
				error: { title: 'Unprocessable', detail: { to_number: ['is not reachable'] } },
			}),
			headers: { 'content-type': 'application/json' },
		});
		suite.proxy.plan('POST', /^\/api\/v2\/sent_faxes$/, {
			kind: 'answer',
			status: 503,
			body: JSON.stringify({ error: { title: 'Service Unavailable' } }),
			headers: { 'content-type': 'application/json' },
		});
		suite.proxy.plan('POST', /^\/api\/v2\/sent_faxes$/, { kind: 'reset' });
	};
	const summary = (item: INodeExecutionData) => ({
		patientRef: item.json.patientRef,
		pairedItem: item.pairedItem,
		hasError: typeof item.json.error === 'string',
	});

	test('"Continue (using error output)": each failure on the error output with its message, the service\'s words and its input item\'s fields; the good item on the success output', async () => {
		planFaults();
		const result = await suite.run(send(), {
			items: items(),
			node: { onError: 'continueErrorOutput' },
		});
		const [success, failed] = result.outputs(NODE);
		// A sent item is Send's answer ({message, faxId}), paired with its input item.
		expect(success.map(summary)).toEqual([
			{ patientRef: undefined, pairedItem: { item: 5 }, hasError: false },
		]);
		expect(success[0].json.faxId).toEqual(expect.any(String));
		expect(failed.map(summary)).toEqual(
			['A', 'B', 'C', 'D', 'E'].map((patientRef, item) => ({
				patientRef,
				pairedItem: { item },
				hasError: true,
			})),
		);
		const byRef = Object.fromEntries(failed.map((item) => [item.json.patientRef, item.json]));
		expect(byRef.A).toEqual({
			patientRef: 'A',
			toNumber: '555-1234',
			error: 'To Number must be an E.164 number like +15551234567 [item 0]',
			message:
				'Got "555-1234". A plus sign, the country code and the number, with no spaces or punctuation.',
		});
		// A PNG cut short inside its header: read as the image it is, refused as damaged.
		expect(byRef.B.error).toBe(
			'Input Binary Field "data" cannot be faxed: it is damaged and cannot be read [item 1]',
		);
		expect(byRef.C.error).toBe(
			'The Fax Service refused POST /sent_faxes (HTTP 422): check to_number',
		);
		expect(byRef.C.message).toContain('is not reachable');
		expect(byRef.D.error).toMatch(/\(HTTP 503\)/);
		expect(byRef.D.message).toMatch(/may have taken effect/);
		expect(byRef.E.error).toMatch(/failed after the request was sent/);
		// Items 0 and 1 were stopped before any request; 2, 3 and 4 were each sent once (the proxy answered
		// 2 and 3 and cut 4's connection), and only 5 reached the service.
		expect(suite.proxy.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
		expect(apiRequests(suite.sandbox, 'POST', '/sent_faxes').map((r) => r.status)).toEqual([201]);
	});

	test('"Continue (using regular output)": the same items, in input order, on the one output, as {error, description, httpCode} as before', async () => {
		planFaults();
		const result = await suite.run(send(), {
			items: items(),
			node: { onError: 'continueRegularOutput' },
		});
		const outputs = result.outputs(NODE);
		expect(outputs).toHaveLength(1);
		expect(
			outputs[0].map((item) => ({
				pairedItem: item.pairedItem,
				keys: Object.keys(item.json).sort(),
			})),
		).toEqual([
			{ pairedItem: { item: 0 }, keys: ['description', 'error'] },
			{ pairedItem: { item: 1 }, keys: ['description', 'error'] },
			{ pairedItem: { item: 2 }, keys: ['description', 'error', 'httpCode'] },
			{ pairedItem: { item: 3 }, keys: ['description', 'error', 'httpCode'] },
			{ pairedItem: { item: 4 }, keys: ['description', 'error'] },
			{ pairedItem: { item: 5 }, keys: ['faxId', 'message'] },
		]);
		expect(outputs[0][2].json.httpCode).toBe('422');
		expect(outputs[0][3].json.httpCode).toBe('503');
	});

	test('Continue On Fail as saved before On Error existed: the same as the regular output', async () => {
		planFaults();
		const result = await suite.run(send(), { items: items(), node: { continueOnFail: true } });
		const outputs = result.outputs(NODE);
		expect(outputs).toHaveLength(1);
		expect(outputs[0].map((item) => Object.keys(item.json).sort())).toEqual([
			['description', 'error'],
			['description', 'error'],
			['description', 'error', 'httpCode'],
			['description', 'error', 'httpCode'],
			['description', 'error'],
			['faxId', 'message'],
		]);
	});
});
