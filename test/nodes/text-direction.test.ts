/**
 * Letter Options → Text Direction through n8n-core's real engine, against the sandbox: Auto (the
 * default, and what a workflow saved without the option gets) reads each paragraph by its first
 * letter, so an Arabic paragraph that opens with a Latin drug name reads left to right; Right to Left
 * makes it read, and align, right to left, and mirrors a Markdown list; Left to Right puts an Arabic
 * paragraph on the left. Where a line sits is read from the faxed PDF (pdftotext -bbox). A value
 * that is none of the three stops the item before any request, naming the field and the item.
 */
import { execFileSync } from 'child_process';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { shapingFont } from '../harness/pdf/fonts';
import { pdfReader } from '../harness/pdf-reader';
import type { TestInputItem } from '../harness/test-input.node';
import { apiRequests, byNumber, errorOf, outputOf, useEngineSuite } from './fixtures';
import { receivedPdf as receivedLetter } from './letter-fixtures';

const TO = '+13105551234';
const pdfs = pdfReader('fax-text-direction-');
afterAll(() => pdfs.dispose());

/** Letter size, one-inch margins: where a line starts on the left and ends on the right. */
const LEFT_MARGIN = 72;
const RIGHT_MARGIN = 612 - 72;

/** The words of a faxed PDF's first page with their boxes (points from the top left). */
function wordBoxes(
	request: RecordedRequest,
): Array<{ text: string; xMin: number; xMax: number; yMin: number }> {
	const { file } = receivedLetter(pdfs, request);
	const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], {
		encoding: 'utf8',
	});
	return [
		...html.matchAll(
			/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
		),
	].map(([, xMin, yMin, xMax, text]) => ({
		text,
		xMin: Number(xMin),
		xMax: Number(xMax),
		yMin: Number(yMin),
	}));
}

/** The left and right ends of the words on the line of the page's first word (the footer left out). */
function firstLineExtent(request: RecordedRequest): { left: number; right: number } {
	const boxes = wordBoxes(request).filter((box) => !/^(Page|of|\d+)$/.test(box.text));
	const top = Math.min(...boxes.map((box) => box.yMin));
	const line = boxes.filter((box) => Math.abs(box.yMin - top) < 3);
	return {
		left: Math.min(...line.map((box) => box.xMin)),
		right: Math.max(...line.map((box) => box.xMax)),
	};
}

const withFont: TestInputItem = {
	json: {},
	binary: {
		font: {
			base64: shapingFont('Vazirmatn').toString('base64'),
			fileName: 'Vazirmatn.ttf',
			mimeType: 'font/ttf',
		},
	},
};

/** An Arabic instruction that opens with a Latin drug name: its first strong letter is Latin. */
const OPENS_LATIN = 'Amoxicillin 500 mg مرتين يوميا بعد الطعام';

describe('Text Direction', () => {
	const suite = useEngineSuite({ binaryMode: 'default', accountNumbers: 1 });
	const send = (parameters: IDataObject = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		documentSource: 'text',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		letterFont: 'trueType',
		fontFile: 'font',
		...parameters,
	});
	const posts = () => apiRequests(suite.sandbox, 'POST', '/sent_faxes');
	const lastPost = () => posts()[posts().length - 1];

	test('Auto, and a workflow saved without the option: a paragraph opening with a Latin word reads left to right', async () => {
		for (const letterOptions of [{}, { textDirection: 'auto' }]) {
			const result = await suite.run(send({ text: OPENS_LATIN, letterOptions }), {
				items: [withFont],
			});
			expect(outputOf(result)).toHaveLength(1);
			const { left, right } = firstLineExtent(lastPost());
			expect(left).toBeCloseTo(LEFT_MARGIN, 0);
			expect(right).toBeLessThan(RIGHT_MARGIN - 100);
		}
	});

	test('Right to Left: the same paragraph reads and aligns right to left, and a Markdown list is mirrored', async () => {
		await suite.run(send({ text: OPENS_LATIN, letterOptions: { textDirection: 'rtl' } }), {
			items: [withFont],
		});
		const { left, right } = firstLineExtent(lastPost());
		expect(right).toBeCloseTo(RIGHT_MARGIN, 0);
		expect(left).toBeGreaterThan(LEFT_MARGIN + 100);
		// The Latin words keep their order, now at the line's left end: "Amoxicillin 500 mg" reads on.
		const words = wordBoxes(lastPost()).map((box) => box.text);
		expect(words.slice(words.indexOf('Amoxicillin'), words.indexOf('Amoxicillin') + 3)).toEqual([
			'Amoxicillin',
			'500',
			'mg',
		]);

		await suite.run(
			send({
				text: `- ${OPENS_LATIN}\n- Paracetamol 1 g عند الحاجة`,
				textFormat: 'markdown',
				letterOptions: { textDirection: 'rtl' },
			}),
			{ items: [withFont] },
		);
		const bullets = wordBoxes(lastPost()).filter((box) => box.text === '•');
		expect(bullets).toHaveLength(2);
		for (const bullet of bullets) expect(bullet.xMax).toBeCloseTo(RIGHT_MARGIN, 0);
	});

	test('Left to Right: an Arabic paragraph starts on the left', async () => {
		await suite.run(
			send({ text: 'محمد علي Amoxicillin 500 mg', letterOptions: { textDirection: 'ltr' } }),
			{ items: [withFont] },
		);
		expect(firstLineExtent(lastPost()).left).toBeCloseTo(LEFT_MARGIN, 0);
		await suite.run(send({ text: 'محمد علي Amoxicillin 500 mg' }), { items: [withFont] });
		expect(firstLineExtent(lastPost()).right).toBeCloseTo(RIGHT_MARGIN, 0);
	});

	test('a value that is none of the three stops the item before any request', async () => {
		const before = posts().length;
		const result = await suite.run(
			send({ text: OPENS_LATIN, letterOptions: { textDirection: '={{ "sideways" }}' } }),
			{ items: [withFont] },
		);
		expect(errorOf(result).message).toBe(
			'Letter Options → Text Direction must be Auto, Right to Left or Left to Right [item 0]',
		);
		expect(posts()).toHaveLength(before);
	});
});
