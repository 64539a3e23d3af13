import type { IDataObject } from 'n8n-workflow';

import { startFaultProxy } from '../harness/fault-proxy';
import {
	api,
	apiRequests,
	fileItem,
	outputOf,
	pdf,
	seedAiDocument,
	seedEmail,
	TIFF,
	useEngineSuite,
} from './fixtures';

/** Largest AI document the interface accepts (spec 4.6 and 8). */
const AI_MAX = 52_428_800;

describe('Secure-Link Email and AI Document through the engine', () => {
	const suite = useEngineSuite({ receiver: true });

	describe('Secure-Link Email', () => {
		test('Send: the sandbox receives every field and the exact file; the node emits the queued e-mail', async () => {
			const file = pdf(2, 'lab results');
			const result = await suite.run(
				{
					resource: 'secureLinkEmail',
					operation: 'send',
					recipientEmail: 'patient@example.com',
					expireAfter: 30,
					additionalFields: {
						callbackUrl: suite.receiver.url,
						note: 'Your results',
						patientDob: '1975-06-30',
						patientName: 'John Doe',
						recipientName: 'John',
						replyToEmail: 'clinic@example.com',
						senderName: 'Clinic North',
						subject: 'Lab results',
					},
				},
				{ items: [fileItem(file, 'results.pdf')] },
			);
			const posts = apiRequests(suite.sandbox, 'POST', '/emails');
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(posts[0].body).toEqual({
				recipient_email: 'patient@example.com',
				expire_after: '30',
				callback_url: suite.receiver.url,
				note: 'Your results',
				patient_dob: '1975-06-30',
				patient_name: 'John Doe',
				recipient_name: 'John',
				reply_to_email: 'clinic@example.com',
				sender_name: 'Clinic North',
				subject: 'Lab results',
			});
			expect(posts[0].files).toHaveLength(1);
			expect(posts[0].files[0]).toMatchObject({
				field: 'file',
				filename: 'results.pdf',
				mimetype: 'application/pdf',
			});
			expect(posts[0].files[0].data.equals(file)).toBe(true);

			const output = outputOf(result);
			expect(output).toHaveLength(1);
			expect(output[0].json).toEqual({ message: expect.any(String), emailId: expect.any(String) });
			expect(output[0].pairedItem).toEqual({ item: 0 });
			const stored = await api(suite.sandbox, 'GET', `/emails/${String(output[0].json.emailId)}`);
			expect(stored.body).toMatchObject({
				recipientEmail: 'patient@example.com',
				subject: 'Lab results',
				isTest: true,
			});
		});

		test('Send: a TIFF with only the required fields', async () => {
			const result = await suite.run(
				{
					resource: 'secureLinkEmail',
					operation: 'send',
					recipientEmail: 'someone@example.org',
					expireAfter: 180,
				},
				{ items: [fileItem(TIFF, 'scan.tif', 'image/tiff')] },
			);
			expect(outputOf(result)).toHaveLength(1);
			const [post] = apiRequests(suite.sandbox, 'POST', '/emails');
			expect(post.body).toEqual({ recipient_email: 'someone@example.org', expire_after: '180' });
			expect(post.files[0]).toMatchObject({ filename: 'scan.tif', mimetype: 'image/tiff' });
			expect(post.files[0].data.equals(TIFF)).toBe(true);
		});

		test('Get: emits the e-mail record itself', async () => {
			const emailId = await seedEmail(suite.sandbox, 'reader@example.com');
			suite.sandbox.requests.length = 0;
			const output = outputOf(
				await suite.run({ resource: 'secureLinkEmail', operation: 'get', emailId }),
			);
			expect(output).toHaveLength(1);
			expect(output[0].json).toMatchObject({
				emailId,
				recipientEmail: 'reader@example.com',
				isTest: true,
				errorDetails: { errorCode: null, errorDetails: null },
			});
			expect(['queued', 'inprogress', 'success', 'failure']).toContain(output[0].json.emailStatus);
			expect(output[0].pairedItem).toEqual({ item: 0 });
			expect(suite.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /api/v2/emails/${emailId}`,
			]);
		});
	});

	describe('AI Document', () => {
		test('Upload: the sandbox receives the callback URL and the exact PDF; the node emits the queued document', async () => {
			const file = pdf(2, 'PRIOR AUTH request');
			const result = await suite.run(
				{ resource: 'aiDocument', operation: 'upload', callbackUrl: suite.receiver.url },
				{ items: [fileItem(file, 'prior-auth.pdf')] },
			);
			const posts = apiRequests(suite.sandbox, 'POST', '/ai_documents');
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(posts[0].body).toEqual({ callback_url: suite.receiver.url });
			expect(posts[0].files[0]).toMatchObject({
				field: 'file',
				filename: 'prior-auth.pdf',
				mimetype: 'application/pdf',
			});
			expect(posts[0].files[0].data.equals(file)).toBe(true);

			const output = outputOf(result);
			expect(output).toHaveLength(1);
			expect(output[0].json).toEqual({ message: expect.any(String), aiToken: expect.any(String) });
			expect(output[0].pairedItem).toEqual({ item: 0 });
			const stored = await api(
				suite.sandbox,
				'GET',
				`/ai_documents/${String(output[0].json.aiToken)}`,
			);
			expect(stored.status).toBe(200);
		});

		test('Upload: a PDF of exactly 52,428,800 bytes is accepted and arrives intact', async () => {
			const file = Buffer.alloc(AI_MAX, 0x20);
			file.write('%PDF-1.4\n', 0, 'latin1');
			file.write('\n%%EOF\n', AI_MAX - 7, 'latin1');
			const result = await suite.run(
				{ resource: 'aiDocument', operation: 'upload', callbackUrl: suite.receiver.url },
				{ items: [fileItem(file, 'large.pdf')] },
			);
			expect(outputOf(result)[0].json).toHaveProperty('aiToken');
			const [post] = apiRequests(suite.sandbox, 'POST', '/ai_documents');
			expect(post.status).toBe(201);
			expect(post.files[0].data.length).toBe(AI_MAX);
			expect(post.files[0].data.equals(file)).toBe(true);
		});

		test('Get: emits the AI result itself, not its wrapper', async () => {
			const aiToken = await seedAiDocument(suite.sandbox, suite.receiver.url, pdf(1, 'REFERRAL'));
			suite.sandbox.requests.length = 0;
			const output = outputOf(
				await suite.run({ resource: 'aiDocument', operation: 'get', documentId: aiToken }),
			);
			expect(output).toHaveLength(1);
			expect(output[0].json).not.toHaveProperty('aiResult');
			expect(output[0].json.aiToken).toBe(aiToken);
			expect(output[0].json).toHaveProperty('documentClassification');
			expect(output[0].pairedItem).toEqual({ item: 0 });
			expect(suite.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /api/v2/ai_documents/${aiToken}`,
			]);
		});

		test('Get Many: one item per AI result; Limit cuts the list', async () => {
			const tokens = [
				await seedAiDocument(suite.sandbox, suite.receiver.url),
				await seedAiDocument(suite.sandbox, suite.receiver.url),
				await seedAiDocument(suite.sandbox, suite.receiver.url),
			];
			const all = outputOf(
				await suite.run({ resource: 'aiDocument', operation: 'getMany', returnAll: true }),
			);
			expect(all.map((item) => item.json.aiToken)).toEqual(tokens);
			for (const item of all) {
				expect(item.json).not.toHaveProperty('aiResult');
				expect(item.pairedItem).toEqual({ item: 0 });
			}
			const limited = outputOf(
				await suite.run({ resource: 'aiDocument', operation: 'getMany', limit: 2 }),
			);
			expect(limited.map((item) => item.json.aiToken)).toEqual(tokens.slice(0, 2));
		});

		test('Get Many of an AI list the service answers in pages (the spec shows no paging for it): Return All reads every page', async () => {
			const tokens = [];
			for (let i = 0; i < 5; i++)
				tokens.push(await seedAiDocument(suite.sandbox, suite.receiver.url));
			const proxy = await startFaultProxy(suite.sandbox);
			try {
				// Pages of 2, whatever page_size asks for: the sandbox's plain list cut as a paging service would.
				const paged = async (path: string) => {
					const entries = (await api(suite.sandbox, 'GET', '/ai_documents')).body
						.aiDocuments as IDataObject[];
					const page = Number(new URL(path, 'http://list').searchParams.get('page'));
					const meta = {
						totalCount: entries.length,
						totalPages: Math.ceil(entries.length / 2),
						perPage: 2,
						page,
					};
					return {
						status: 200,
						body: JSON.stringify({ aiDocuments: entries.slice((page - 1) * 2, page * 2), meta }),
					};
				};
				proxy.plan(
					'GET',
					/^\/api\/v2\/ai_documents\?/,
					{ kind: 'respond', respond: paged },
					Infinity,
				);
				const all = outputOf(
					await suite.run(
						{ resource: 'aiDocument', operation: 'getMany', returnAll: true },
						{ credentials: { baseUrl: proxy.baseUrl } },
					),
				);
				expect(all.map((item) => item.json.aiToken)).toEqual(tokens);
				expect(
					proxy.requests.map((r) => new URL(r.path, 'http://list').searchParams.get('page')).sort(),
				).toEqual(['1', '2', '3']);
			} finally {
				await proxy.close();
			}
		});
	});
});
