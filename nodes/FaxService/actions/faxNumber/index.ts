import type { ResourceDefinition } from '../resourceDefinition';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as provision from './provision.operation';
import * as update from './update.operation';

export const faxNumber: ResourceDefinition = {
	name: 'Fax Number',
	value: 'faxNumber',
	defaultOperation: 'getMany',
	operations: {
		provision: {
			...provision,
			name: 'Provision',
			action: 'Provision a fax number',
			summary: 'Provision a new number in a US area code',
		},
		get: {
			...get,
			name: 'Get',
			action: 'Get a fax number',
			summary: "Get one of the account's fax numbers",
		},
		getMany: {
			...getMany,
			name: 'Get Many',
			action: 'Get many fax numbers',
			summary: "List the account's fax numbers",
		},
		update: {
			...update,
			name: 'Update',
			action: 'Update a fax number',
			summary: "Change or clear a number's callback URL or client",
		},
	},
};
