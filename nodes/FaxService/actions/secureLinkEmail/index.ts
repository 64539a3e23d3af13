import type { ResourceDefinition } from '../resourceDefinition';
import * as get from './get.operation';
import * as send from './send.operation';

export const secureLinkEmail: ResourceDefinition = {
	name: 'Secure-Link Email',
	value: 'secureLinkEmail',
	recordKind: 'secureLinkEmail',
	defaultOperation: 'send',
	operations: {
		send: {
			...send,
			name: 'Send',
			action: 'Send a secure-link email',
			summary:
				'Upload a document (a file, or a letter written as text) and e-mail the recipient a time-limited secure link',
		},
		get: {
			...get,
			name: 'Get',
			action: 'Get a secure-link email',
			summary: 'Get the delivery status of a secure-link e-mail',
		},
	},
};
