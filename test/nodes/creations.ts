import type { INodeParameters } from 'n8n-workflow';

import type { TestInputItem } from '../harness/test-input.node';
import { byNumber, fileItem, pdf, seedReceivedFax, type EngineSuite } from './fixtures';

/** Every operation that creates something, as the fault and Retry On Fail suites send them. */

export interface Creation {
	name: string;
	method: string;
	path: RegExp;
	parameters: () => Promise<INodeParameters>;
	file: boolean;
}

export function creationsOf(suite: EngineSuite): Creation[] {
	return [
		{
			name: 'Sent Fax → Send',
			method: 'POST',
			path: /^\/api\/v2\/sent_faxes$/,
			file: true,
			parameters: async () => ({
				resource: 'sentFax',
				operation: 'send',
				fromNumber: byNumber(suite.accountNumber),
				toNumber: '+13105551234',
			}),
		},
		{
			name: 'Secure-Link Email → Send',
			method: 'POST',
			path: /^\/api\/v2\/emails$/,
			file: true,
			parameters: async () => ({
				resource: 'secureLinkEmail',
				operation: 'send',
				recipientEmail: 'someone@example.com',
				expireAfter: 7,
			}),
		},
		{
			name: 'AI Document → Upload',
			method: 'POST',
			path: /^\/api\/v2\/ai_documents$/,
			file: true,
			parameters: async () => ({
				resource: 'aiDocument',
				operation: 'upload',
				callbackUrl: 'http://127.0.0.1:9/nobody-listens',
			}),
		},
		{
			name: 'Fax Number → Provision',
			method: 'POST',
			path: /^\/api\/v2\/fax_numbers$/,
			file: false,
			parameters: async () => ({ resource: 'faxNumber', operation: 'provision', areaCode: '415' }),
		},
		{
			name: 'Client → Create',
			method: 'POST',
			path: /^\/api\/v2\/clients$/,
			file: false,
			parameters: async () => ({ resource: 'client', operation: 'create', name: 'Cardiology' }),
		},
		{
			name: 'Received Fax → Forward',
			method: 'POST',
			path: /\/forward_as_fax$/,
			file: false,
			parameters: async () => {
				const token = await seedReceivedFax(suite.sandbox, suite.accountNumber);
				suite.sandbox.requests.length = 0;
				return {
					resource: 'receivedFax',
					operation: 'forward',
					faxId: token,
					toNumber: '+13105559876',
				};
			},
		},
		{
			name: 'Received Fax → Simulate Inbound',
			method: 'POST',
			path: /^\/api\/v2\/received_faxes\/test_receive$/,
			file: true,
			parameters: async () => ({
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: byNumber(suite.accountNumber),
				fromNumber: '+14155551234',
			}),
		},
	];
}

/** Requests the sandbox accepted for this creation: the records that exist because of the node. */
export const createdBy = (suite: EngineSuite, creation: Creation) =>
	suite.sandbox.requests.filter(
		(r) =>
			r.method === creation.method &&
			creation.path.test(r.path) &&
			r.status >= 200 &&
			r.status < 300,
	);

/** `count` input items for the creation (each with a one-page PDF when it sends a file). */
export const creationItems = (creation: Creation, count = 1): { items: TestInputItem[] } => ({
	items: Array.from({ length: count }, () => (creation.file ? fileItem(pdf(1)) : { json: {} })),
});
