/**
 * An AI agent faxes a Markdown letter in Arabic, in a real n8n (issue 56): the *Fax Letter* tool is
 * Sent Fax → Send with Text Format Markdown and Letter Font's file Vazirmatn (Arabic and Latin),
 * which the workflow fetches before the agent and an expression reads (a tool's input item has no
 * files). The model's letter has a heading, a table with the Latin drug name "Amoxicillin 500 mg"
 * in a cell and a list. The PDF the sandbox received is read back: qpdf, pdffonts, pdftotext, and
 * the page rendered by pdftoppm, where the Arabic lines sit at the right margin. n8n's AI Agent
 * talks to a scripted OpenAI-compatible model server (test/harness/model-server.ts).
 */
import { execFileSync } from 'child_process';

import type { Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF } from '../harness/pdf-reader';
import { toolResults, type ModelServer } from '../harness/model-server';
import { startAiServices, type AiServices } from './helpers/ai-services';
import {
	agentWorkflow,
	askAgent,
	fromAI,
	saveAgentCredentials,
	withFileFirst,
} from './helpers/ai-workflows';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import { renderedPage } from './helpers/images';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const PATH = 'arabic-letter-agent';
const TO = '+12125550188';
const DRUG = 'Amoxicillin 500 mg';
/** A referral to a cardiologist, as a model writes it in Markdown: heading, paragraphs, a table of the patient's medicines, a list. */
const LETTER = `# إحالة إلى طبيب القلب

السيد الطبيب المحترم،

أحيل إليكم المريض لاستشارة في أمراض القلب، وهذه أدويته الحالية:

| الدواء | الجرعة |
|--------|--------|
| ${DRUG} | ثلاث مرات يوميا |
| باراسيتامول | عند الحاجة |

- الحساسية: لا توجد
- الموعد القادم: بعد أسبوعين

مع التحية،
د. سارة`;
/**
 * The table's words, each checked alone: poppler's pdftotext reorders around the words (punctuation
 * next to a number or a Latin run moves, a cell's Latin run and the Arabic beside it can touch),
 * never inside an unvowelled word, so none has harakat.
 */
const TABLE_WORDS = ['الدواء', 'الجرعة', 'ثلاث', 'مرات', 'يوميا', 'باراسيتامول', 'عند', 'الحاجة'];
/** pdftotext's text as compared: without the bidi embedding controls it adds, and NFKC (a presentation form such as ﻻ back to its letters). */
const comparable = (text: string) => text.replace(/[\u202a-\u202e]/g, '').normalize('NFKC');

/** The bands of a grey rendering's lines: rows holding a dark sample, each band's leftmost and rightmost dark column. */
function inkBands(page: { width: number; height: number; data: Uint8Array }) {
	const bands: Array<{ top: number; bottom: number; left: number; right: number }> = [];
	let previous = -2;
	for (let y = 0; y < page.height; y++) {
		let [left, right] = [page.width, -1];
		for (let x = 0; x < page.width; x++)
			if (page.data[y * page.width + x] < 128) [left, right] = [Math.min(left, x), x];
		if (right < 0) continue;
		const band = bands.at(-1);
		if (band && previous === y - 1) {
			Object.assign(band, {
				bottom: y,
				left: Math.min(band.left, left),
				right: Math.max(band.right, right),
			});
		} else bands.push({ top: y, bottom: y, left, right });
		previous = y;
	}
	return bands;
}

type Json = Record<string, unknown>;

describeOnHosts(BOTH_HOSTS, 'an AI agent faxes a Markdown letter in Arabic', ({ hostVersion }) => {
	let services: AiServices | undefined;
	let model: ModelServer;
	let sandbox: Sandbox;
	let n8n: N8nHostInstance;
	const pdfs = pdfReader('fax-ai-letter-rtl-');

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		services = await startAiServices();
		({ model, sandbox } = services);
		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		const credentials = await saveAgentCredentials(n8n, sandbox, model.baseUrl);
		const [workflow] = await n8n.importWorkflows([
			withFileFirst(
				agentWorkflow(hostVersion, 'Arabic letter agent', PATH, credentials, undefined, [
					{
						name: 'Fax Letter',
						description: 'Faxes a letter you write in Markdown, in Arabic or English',
						parameters: {
							resource: 'sentFax',
							operation: 'send',
							text: fromAI('letter', 'The letter to fax, in Markdown'),
							letterFont: 'trueType',
							fontFile: "={{ $('Get Font').item.binary.data }}",
							fromNumber: { __rl: true, mode: 'number', value: services.faxNumber },
							toNumber: fromAI('toNumber', 'The fax number, in E.164 form'),
						},
					},
				]),
				`${sandbox.origin}/samples/fonts/Vazirmatn-Regular.ttf`,
				'Get Font',
			),
		]);
		await n8n.publishWorkflow(workflow.id);
		await n8n.waitForWebhook(PATH);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await services?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test(
		'one send: a sound PDF in an embedded Vazirmatn subset, with the drug name and the table words, right-aligned',
		async () => {
			const before = sandbox.requests.length;
			let toolAnswer: Json[] = [];
			model.script([
				() => ({
					toolCalls: [{ name: 'Fax_Letter', arguments: { letter: LETTER, toNumber: TO } }],
				}),
				(request) => {
					toolAnswer = JSON.parse(toolResults(request).at(-1)!.content) as Json[];
					return { content: `Faxed: ${String(toolAnswer[0]?.faxId)}.` };
				},
			]);
			const answer = await askAgent(n8n, PATH, 'Fax the cardiology referral, in Arabic.');
			expect({
				failures: model.failures,
				remaining: model.remaining(),
				status: answer.status,
			}).toEqual({ failures: [], remaining: 0, status: 200 });
			expect(toolAnswer).toEqual([
				expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
			]);

			const sent = sandbox.requests
				.slice(before)
				.filter((request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes');
			expect(sent).toHaveLength(1);
			expect(sent[0].body).toMatchObject({ to_number: TO });
			const fax = pdfs.read(sent[0].files[0].data);
			expect(fax.check).toEqual(SOUND_PDF);
			expect(fax.pages).toBe(1);
			expect(execFileSync('pdffonts', [fax.file], { encoding: 'utf8' })).toMatch(
				/[A-Z]{6}\+Vazirmatn-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
			);
			const text = comparable(fax.text);
			expect(text).toContain(DRUG);
			expect(TABLE_WORDS.filter((word) => !text.includes(word))).toEqual([]);
			// No Markdown marker prints: the table's pipes and the heading's hash became layout.
			expect(text).not.toMatch(/\||#|\*\*/);

			// Rendered, the heading, the salutation and the first paragraph end at the right margin; the
			// heading and the salutation, short lines, start right of the page's middle.
			const page = renderedPage(fax.file, 1);
			const margin = page.width / 8.5; // 1 inch on a Letter page
			const [heading, salutation, paragraph] = inkBands(page);
			for (const band of [heading, salutation, paragraph])
				expect(page.width - margin - band.right).toBeLessThanOrEqual(margin / 4);
			for (const band of [heading, salutation]) expect(band.left).toBeGreaterThan(page.width / 2);
		},
		3 * MACHINE_MINUTE,
	);
});
