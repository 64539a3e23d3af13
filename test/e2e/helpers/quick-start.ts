/**
 * The README's Quick start as a workflow, built from what the README says: its To Number, its letter and
 * the Fax ID expression it gives the Get. Manual trigger → Send (Document Source Text, a cover page) →
 * Get. registry-install.test.ts runs it in real n8n on the package installed from a registry.
 */
import { randomUUID } from 'crypto';

import { fencedBlocks, readDoc, sectionOf } from '../../harness/docs';
import type { WorkflowJson } from './n8n-host';

export const QUICK_START_SEND = 'Fax Service';
export const QUICK_START_GET = 'Fax Service1';

export interface QuickStart {
	toNumber: string;
	letter: string;
	faxIdExpression: string;
}

/** What the Quick start tells the user to enter. */
export function readQuickStart(): QuickStart {
	const section = sectionOf(readDoc('README.md'), 'Quick start: fax a letter and read its outcome');
	const toNumber = /\*\*To Number\*\*[^`]*`(\+\d+)`/.exec(section)?.[1];
	const [letter] = fencedBlocks(section, 'text');
	const faxIdExpression = /\*\*Fax ID\*\*\s+`(\{\{[^`]+\}\})`/.exec(section)?.[1];
	if (!toNumber || !letter || !faxIdExpression)
		throw new Error(
			'README.md: the Quick start no longer names a To Number, a letter and a Fax ID',
		);
	// The letter is indented under its step: the user types it without that indentation.
	return { toNumber, letter: letter.replace(/^ {3}/gm, '').trimEnd(), faxIdExpression };
}

export function quickStartWorkflow(
	quickStart: QuickStart,
	fromNumber: string,
	credential: { id: string; name: string },
): WorkflowJson {
	const credentials = { faxServiceApi: credential };
	const nodes = [
		{
			name: "When clicking 'Execute workflow'",
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			parameters: {},
		},
		{
			name: QUICK_START_SEND,
			type: 'n8n-nodes-fax-service.faxService',
			typeVersion: 1,
			credentials,
			parameters: {
				resource: 'sentFax',
				operation: 'send',
				fromNumber: { __rl: true, mode: 'list', value: fromNumber },
				toNumber: quickStart.toNumber,
				documentSource: 'text',
				text: quickStart.letter,
				addCoverPage: true,
				coverPage: { recipientName: 'Dr. Rivera', subject: 'Referral' },
			},
		},
		{
			name: QUICK_START_GET,
			type: 'n8n-nodes-fax-service.faxService',
			typeVersion: 1,
			credentials,
			parameters: {
				resource: 'sentFax',
				operation: 'get',
				faxId: `=${quickStart.faxIdExpression}`,
			},
		},
	].map((node, index) => ({ id: randomUUID(), position: [index * 220, 0], ...node }));
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < nodes.length - 1; index++)
		connections[nodes[index].name] = {
			main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
		};
	return {
		name: 'Quick start',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	} as WorkflowJson;
}
