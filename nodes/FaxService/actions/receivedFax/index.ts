import type { ResourceDefinition } from '../resourceDefinition';
import * as downloadPdf from './downloadPdf.operation';
import * as forward from './forward.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as simulateInbound from './simulateInbound.operation';

export const receivedFax: ResourceDefinition = {
	name: 'Received Fax',
	value: 'receivedFax',
	recordKind: 'receivedFax',
	defaultOperation: 'get',
	operations: {
		get: {
			...get,
			name: 'Get',
			action: 'Get a received fax',
			summary: 'Get a received fax with its AI extraction fields',
		},
		getMany: {
			...getMany,
			name: 'Get Many',
			action: 'Get many received faxes',
			summary: 'List received faxes, with filters',
		},
		simulateInbound: {
			...simulateInbound,
			name: 'Simulate Inbound',
			action: 'Simulate an inbound fax',
			summary: "Create a test received fax on one of the account's numbers",
		},
		forward: {
			...forward,
			name: 'Forward',
			action: 'Forward a received fax',
			summary: 'Forward a received fax to another fax number',
		},
		downloadPdf: {
			...downloadPdf,
			name: 'Download PDF',
			action: 'Download a received fax PDF',
			summary: 'Download the PDF of a received fax from its secure link',
		},
	},
};
