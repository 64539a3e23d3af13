import type { INodeProperties } from 'n8n-workflow';

import { aiDocument } from './aiDocument';
import { client } from './client';
import { faxNumber } from './faxNumber';
import { requestOptionsField } from './fields';
import { receivedFax } from './receivedFax';
import type { ResourceDefinition } from './resource';
import { resourceProperties } from './resource';
import { secureLinkEmail } from './secureLinkEmail';
import { sentFax } from './sentFax';

const ordered: ResourceDefinition[] = [sentFax, receivedFax, faxNumber, client, secureLinkEmail, aiDocument];

export const resources: Record<string, ResourceDefinition> = Object.fromEntries(ordered.map((r) => [r.value, r]));

export const nodeProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: ordered.map((r) => ({ name: r.name, value: r.value })),
		default: 'sentFax',
	},
	...ordered.flatMap(resourceProperties),
	requestOptionsField,
];
