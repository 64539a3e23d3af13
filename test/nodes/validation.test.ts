import {
	apiRequests,
	byNumber,
	errorOf,
	fileItem,
	NODE,
	outputOf,
	pdf,
	seedNumber,
	useEngineSuite,
} from './fixtures';
import { sendFax, withPdf, cases } from './validation-cases';

describe('Validation before any request', () => {
	const suite = useEngineSuite();

	/** The tests that do send need the account's number to send from. */
	async function withAccountNumber(): Promise<void> {
		await seedNumber(suite.sandbox, '212');
		suite.sandbox.requests.length = 0;
	}

	test.each(cases)('$name', async ({ parameters, items, expected, given }) => {
		const result = await suite.run(parameters, { items: items ?? [{ json: {} }] });
		const error = errorOf(result);
		expect(error.name).toBe('NodeOperationError');
		for (const text of expected) expect(error.message).toContain(text);
		expect(error.message).toContain('[item 0]');
		// The value helps fix the item, in the description only: n8n copies messages into its logs and event log.
		if (typeof given === 'string') {
			expect(error.message).not.toContain(given);
			expect(String(error.description)).toContain(`Got "${given}".`);
		}
		if (typeof given === 'number') expect(String(error.description)).toContain(`Got ${given}.`);
		expect(error.context?.itemIndex).toBe(0);
		expect(suite.sandbox.requests).toEqual([]);
	});

	test('a typed From Number that is not E.164 is refused by the node itself, naming field and item, before any request', async () => {
		const error = errorOf(
			await suite.run(sendFax({ fromNumber: byNumber('2125550001') }), { items: withPdf }),
		);
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toContain('From Number must be an E.164 number');
		expect(error.message).not.toContain('2125550001');
		expect(String(error.description)).toContain('Got "2125550001".');
		expect(error.message).toContain('[item 0]');
		expect(suite.sandbox.requests).toEqual([]);
	});

	test('a From Number whose expression gives nothing stops the item with what to do (pick, type or provision a number), naming field and item, before any request', async () => {
		// (Left empty in the panel, it never gets here: n8n refuses the run, "Parameter "From Number" is required.", and the panel shows why.)
		const error = errorOf(
			await suite.run(sendFax({ fromNumber: byNumber('={{ $json.from }}') }), { items: withPdf }),
		);
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toBe('From Number is empty [item 0]');
		expect(String(error.description)).toContain(
			'Pick one of the account\'s fax numbers from the list, or switch "From list" to "Number" and type it.',
		);
		expect(String(error.description)).toContain(
			'add one with the Fax Number → Provision operation',
		);
		expect(error.context?.itemIndex).toBe(0);
		expect(suite.sandbox.requests).toEqual([]);
	});

	test('the item index in the message is the bad item, and nothing is sent: every item is checked before the first request', async () => {
		await withAccountNumber();
		const result = await suite.run(sendFax({ toNumber: '={{ $json.to }}' }), {
			items: [
				fileItem(pdf(1), 'a.pdf', 'application/pdf', { to: '+13105550001' }),
				fileItem(pdf(1), 'b.pdf', 'application/pdf', { to: '555-0002' }),
			],
		});
		const error = errorOf(result);
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toContain('To Number');
		expect(error.message).toContain('[item 1]');
		expect(error.context?.itemIndex).toBe(1);
		expect(String(error.description)).toContain(
			'No item was sent: all 2 items are checked before the first request.',
		);
		expect(suite.sandbox.requests).toEqual([]);
	});

	test.each([
		['continueOnFail', { continueOnFail: true }],
		['onError: continueRegularOutput', { onError: 'continueRegularOutput' as const }],
	])(
		'with %s, items 0 and 2 are sent and the bad item 1 yields {error} paired with it',
		async (_label, node) => {
			await withAccountNumber();
			const files = [pdf(1, 'zero'), pdf(1, 'one'), pdf(1, 'two')];
			const destinations = ['+13105550000', 'not-a-number', '+13105550002'];
			const result = await suite.run(sendFax({ toNumber: '={{ $json.to }}' }), {
				items: files.map((file, i) =>
					fileItem(file, `${i}.pdf`, 'application/pdf', { to: destinations[i] }),
				),
				node,
			});
			expect(result.error(NODE)).toBeUndefined();
			const output = outputOf(result);
			expect(output).toHaveLength(3);
			expect(output.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(output[0].json).toEqual({ message: expect.any(String), faxId: expect.any(String) });
			expect(output[2].json).toEqual({ message: expect.any(String), faxId: expect.any(String) });
			expect(output[1].json.error).toEqual(expect.stringContaining('To Number'));
			expect(output[1].json.error).toEqual(expect.stringContaining('[item 1]'));
			expect(output[1].json).not.toHaveProperty('faxId');

			const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(posts).toHaveLength(2);
			// Items 0 and 2 are in flight together: the sandbox may see them in either order.
			const sentTo = (to: string) =>
				posts.find((post) => (post.body as Record<string, string>).to_number === to);
			expect(sentTo('+13105550000')?.files[0].data.equals(files[0])).toBe(true);
			expect(sentTo('+13105550002')?.files[0].data.equals(files[2])).toBe(true);
		},
	);
});
