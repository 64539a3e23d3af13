/**
 * Sample documents at GET <origin>/samples/<name>.pdf: served without auth as valid one-page PDFs
 * whose plain text drives the sandbox's classification the way sandbox/README.md says.
 */
import { readFileSync } from 'fs';

import type { Sandbox } from '../../sandbox';
import { call, file, provision, start, waitFor, type Json } from './helpers';

const SAMPLES = [
	{ name: 'referral.pdf', keyword: 'REFERRAL', classification: 'referral' },
	{ name: 'prior-auth.pdf', keyword: 'PRIOR AUTH', classification: 'prior_authorization' },
	{ name: 'lab-results.pdf', keyword: null, classification: 'medical_records' },
] as const;

async function fetchSample(
	sb: Sandbox,
	name: string,
	init?: RequestInit,
): Promise<{ status: number; type: string | null; body: Buffer }> {
	const response = await fetch(`${sb.origin}/samples/${name}`, init);
	return {
		status: response.status,
		type: response.headers.get('content-type'),
		body: Buffer.from(await response.arrayBuffer()),
	};
}

/** Checks the PDF structure a reader needs: header, every xref offset at its "N 0 obj", startxref, %%EOF. */
function xrefOffsetsValid(pdf: Buffer): boolean {
	const text = pdf.toString('latin1');
	const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
	if (!Number.isInteger(startxref) || !text.startsWith('xref', startxref)) return false;
	const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
		Number(m[1]),
	);
	return (
		entries.length > 0 &&
		entries.every((offset, index) => text.startsWith(`${index + 1} 0 obj`, offset))
	);
}

describe('sample documents', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(async () => {
		await sb.stop();
	});

	test.each(SAMPLES)(
		'GET /samples/$name is a one-page PDF, served without auth',
		async ({ name, keyword }) => {
			const response = await fetchSample(sb, name);
			expect(response.status).toBe(200);
			expect(response.type).toBe('application/pdf');
			expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(xrefOffsetsValid(response.body)).toBe(true);
			expect(response.body.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g)).toHaveLength(
				1,
			);
			const text = response.body.toString('latin1').toUpperCase();
			for (const other of ['REFERRAL', 'PRIOR AUTH', 'DENIED', 'UNREADABLE']) {
				expect({ other, present: text.includes(other) }).toEqual({
					other,
					present: other === keyword,
				});
			}
			// The same bytes every time, whatever the Authorization header says.
			expect(
				(await fetchSample(sb, name, { headers: { authorization: 'Bearer wrong' } })).body,
			).toEqual(response.body);
		},
	);

	test('unknown samples are a 404 envelope; sample downloads are not in the /api/v2 request log', async () => {
		const before = sb.requests.length;
		for (const name of ['missing.pdf', 'referral', '..%2Fpackage.json', '']) {
			const response = await fetch(`${sb.origin}/samples/${name}`);
			expect(response.status).toBe(404);
			const body = (await response.json()) as Json;
			expect(body.error).toMatchObject({ status: 404, title: 'Not Found' });
		}
		await fetchSample(sb, 'referral.pdf');
		expect(sb.requests.length).toBe(before);
	});

	test.each(SAMPLES)(
		'$name is classified $classification as a received fax and as an AI document',
		async ({ name, classification }) => {
			const { body: pdf } = await fetchSample(sb, name);
			const number = await provision(sb);
			const received = await call(sb, 'POST', '/received_faxes/test_receive', {
				multipart: { file: file(pdf, name), to_number: number.number, from_number: '+13105550111' },
			});
			expect(received.status).toBe(201);
			const token = /([0-9a-f]{24})/.exec(received.body.message)![1];
			const fax = await call(sb, 'GET', `/received_faxes/${token}`);
			expect(fax.body).toMatchObject({
				documentClassification: classification,
				numPages: 1,
				faxStatus: 'success',
			});

			const uploaded = await call(sb, 'POST', '/ai_documents', {
				multipart: { file: file(pdf, name), callback_url: 'http://127.0.0.1:9/ai' },
			});
			expect(uploaded.status).toBe(201);
			const result = await waitFor(
				async () => (await call(sb, 'GET', `/ai_documents/${uploaded.body.aiToken}`)).body.aiResult,
				(aiResult: Json) => aiResult.completedAt !== null,
			);
			expect(result).toMatchObject({
				documentClassification: classification,
				errorDetails: null,
				patientName: 'Jane Q Sample',
			});
		},
	);

	test('sample fonts at /samples/fonts/<name>: TrueType files as their packages hold them, without auth; other names 404', async () => {
		for (const [name, packageFile] of [
			['NotoSans-Regular.ttf', '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'],
			[
				'SawarabiGothic-Regular.ttf',
				'@expo-google-fonts/sawarabi-gothic/400Regular/SawarabiGothic_400Regular.ttf',
			],
			['Vazirmatn-Regular.ttf', '@expo-google-fonts/vazirmatn/400Regular/Vazirmatn_400Regular.ttf'],
			[
				'NotoSansHebrew-Regular.ttf',
				'@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
			],
		]) {
			const response = await fetchSample(sb, `fonts/${name}`);
			expect(response.status).toBe(200);
			expect(response.type).toBe('font/ttf');
			// A TrueType file starts with sfnt version 1.0.
			expect(response.body.readUInt32BE(0)).toBe(0x00010000);
			expect(response.body.equals(readFileSync(require.resolve(packageFile)))).toBe(true);
		}
		expect((await fetchSample(sb, 'fonts/Arial.ttf')).status).toBe(404);
	});
});
