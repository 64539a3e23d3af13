/**
 * A clinician's medication list in a real n8n (issue 57): the seven-column table of test/harness/pdf/
 * medicationTable.ts as a Markdown letter, sent by a webhook workflow on the run's shared n8n; the fax
 * the sandbox received is read back with pdftotext and no word of the list is broken without a hyphen
 * (Hydrochlorothia|zide, Frequen|cy were, before).
 */
import { randomUUID } from 'crypto';

import { startSandbox, type Sandbox } from '../../sandbox';
import { MEDICATION_TABLE, MEDICATION_WORDS, brokenWords } from '../harness/pdf/medicationTable';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	ensureInstalled,
	logToStderr,
	ranToEnd,
	sandboxCredential,
	sharedInstance,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { faxServiceStep, webhookWorkflow } from './helpers/webhook-steps';
import { MACHINE_MINUTE } from '../harness/machine';

describeOnHosts(BOTH_HOSTS, 'a Markdown medication list in a real n8n', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let n8n: N8nHostInstance;
	let workflowId: string;
	const path = `letter-table-${randomUUID()}`;
	const pdfs = pdfReader('fax-letter-table-');

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({ port: 0 });
		const fromNumber = await provisionNumber(sandboxApi(sandbox));
		n8n = await sharedInstance({ hostVersion });
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox)]);
		const [workflow] = await n8n.importWorkflows([
			webhookWorkflow('Letter table: medication list', path, [
				faxServiceStep('Fax the List', credential, {
					resource: 'sentFax',
					operation: 'send',
					documentSource: 'text',
					textFormat: 'markdown',
					text: `# Current medications\n\n${MEDICATION_TABLE}`,
					fromNumber: { __rl: true, mode: 'number', value: fromNumber },
					toNumber: '+12125550123',
				}),
			]),
		]);
		workflowId = workflow.id;
		await n8n.publishWorkflow(workflowId);
		await n8n.waitForWebhook(path);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test(
		'the fax holds every word of the seven-column list whole, or broken only after a hyphen',
		async () => {
			const response = await fetch(n8n.webhookUrl(path), { method: 'POST', body: '{}' });
			expect(response.status).toBe(200);
			const execution = await n8n.waitForExecution(workflowId, ranToEnd, {
				what: 'the medication list faxed',
			});
			expect(execution.status).toBe('success');
			const sends = sandbox.requests.filter(
				(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
			);
			expect(sends).toHaveLength(1);
			const letter = pdfs.read(sends[0].files[0].data);
			expect(letter.check).toEqual(SOUND_PDF);
			expect(letter.pages).toBe(1);
			// pdftotext -layout's words, the heading and the footer left out.
			const printed = words(
				letter.text.replace('Current medications', '').replace(/Page 1 of 1/, ''),
			).split(' ');
			expect(brokenWords(printed, MEDICATION_WORDS)).toEqual({ foreign: [], missing: [] });
		},
		2 * MACHINE_MINUTE,
	);
});
