import type { ResourceDefinition } from '../resourceDefinition';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as rename from './rename.operation';

export const client: ResourceDefinition = {
	name: 'Client',
	value: 'client',
	defaultOperation: 'getMany',
	operations: {
		create: {
			...create,
			name: 'Create',
			action: 'Create a client',
			summary: 'Create a client, optionally with a fax number',
		},
		get: {
			...get,
			name: 'Get',
			action: 'Get a client',
			summary: 'Get a client with its fax numbers',
		},
		getMany: {
			...getMany,
			name: 'Get Many',
			action: 'Get many clients',
			summary: "List the account's clients",
		},
		rename: {
			...rename,
			name: 'Rename',
			action: 'Rename a client',
			summary: "Change a client's display name",
		},
	},
};
