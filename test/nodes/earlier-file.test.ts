/**
 * Document Source "Earlier Node's File" through n8n-core's real engine: the Binary Data expression gives
 * an earlier node's binary data (an object, or its JSON), and the node sends that file byte for byte, in
 * both binary modes, on the node and in its AI tool variant (whose input item has no files). A value that
 * is not binary data, or a file of the wrong kind, stops the item before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type BinaryMode } from '../harness/engine';
import { runAsAgentTool } from '../harness/workflows';
import {
	apiRequests,
	byNumber,
	errorOf,
	fileItem,
	outputOf,
	pdf,
	TIFF,
	useEngineSuite,
} from './fixtures';

const TO = '+13105551234';
/** The harness's input node is "Input": the expression as a user writes it for it. */
const INPUT_FILE = "={{ $('Input').item.binary.data }}";

describe.each<BinaryMode>(['default', 'filesystem'])("Earlier Node's File in %s mode", (mode) => {
	const suite = useEngineSuite({ binaryMode: mode, accountNumbers: 1, receiver: true });
	const send = (parameters: IDataObject = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		documentSource: 'binaryData',
		binaryData: INPUT_FILE,
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		...parameters,
	});

	test('Send faxes the file the expression names, byte for byte, under its file name', async () => {
		const file = pdf(2, `earlier file in ${mode} mode`);
		const result = await suite.run(send(), { items: [fileItem(file, 'referral.pdf')] });
		expect(outputOf(result).map((item) => item.json)).toEqual([
			expect.objectContaining({ faxId: expect.any(String) }),
		]);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0]).toMatchObject({
			field: 'file',
			filename: 'referral.pdf',
			mimetype: 'application/pdf',
		});
		expect(post.files[0].data.equals(file)).toBe(true);
	});

	test('a TIFF, and the binary data given as its JSON text, are sent as well', async () => {
		await suite.run(send({ binaryData: "={{ JSON.stringify($('Input').item.binary.data) }}" }), {
			items: [fileItem(TIFF, 'page.tiff', 'image/tiff')],
		});
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0]).toMatchObject({ filename: 'page.tiff', mimetype: 'image/tiff' });
		expect(post.files[0].data.equals(TIFF)).toBe(true);
	});

	test("Secure-Link Email sends the earlier node's file", async () => {
		const file = pdf(1, 'lab results');
		await suite.run(
			{
				resource: 'secureLinkEmail',
				operation: 'send',
				documentSource: 'binaryData',
				binaryData: INPUT_FILE,
				recipientEmail: 'someone@example.com',
				expireAfter: 7,
			},
			{ items: [fileItem(file, 'lab.pdf')] },
		);
		const [post] = apiRequests(suite.sandbox, 'POST', '/emails');
		expect(post.files[0].data.equals(file)).toBe(true);
	});

	test('a value that is not binary data stops the item before any request, saying what the expression gave', async () => {
		const result = await suite.run(send({ binaryData: "={{ $('Input').item.json }}" }), {
			items: [fileItem(pdf(1, 'x'), 'x.pdf', 'application/pdf', { patient: 'Jane Roe' })],
		});
		expect(errorOf(result)).toMatchObject({
			message: "Binary Data must be the binary data of an earlier node's item [item 0]",
			description:
				"The expression gave an object without a file. Use one such as {{ $('Get PDF').item.binary.data }}: the node and binary field that hold the file.",
		});
		expect(JSON.stringify(errorOf(result))).not.toContain('Jane Roe');
		expect(suite.sandbox.requests).toHaveLength(0);
	});

	test('a file that is neither PDF nor TIFF stops the item before any request, naming Binary Data', async () => {
		const result = await suite.run(send(), {
			items: [fileItem(Buffer.from('plain text, not a fax'), 'note.txt', 'text/plain')],
		});
		expect(String(errorOf(result)?.message)).toMatch(/^Binary Data /);
		expect(suite.sandbox.requests).toHaveLength(0);
	});

	test("in the AI tool variant, whose input item has no files, the expression still reaches the earlier node's file", async () => {
		const file = pdf(1, `tool file in ${mode} mode`);
		const result = await runAsAgentTool(
			suite.sandbox,
			send({ binaryData: "={{ $('Get PDF').item.binary.data }}" }),
			{ items: [fileItem(file, 'from-get-pdf.pdf')], inputName: 'Get PDF' },
		);
		expect(result.error('Test Agent')).toBeUndefined();
		expect(result.output('Test Agent')[0].json.answer).toEqual([
			expect.objectContaining({ faxId: expect.any(String) }),
		]);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0].data.equals(file)).toBe(true);
	});
});
