import type { INodeProperties } from 'n8n-workflow';

import { aiDocument } from './aiDocument';
import { client } from './client';
import { faxNumber } from './faxNumber';
import { patientDataField, requestOptionsField } from './fields';
import { receivedFax } from './receivedFax';
import type { ResourceDefinition } from './resourceDefinition';
import { operationOf, resourceProperties } from './resourceDefinition';
import { secureLinkEmail } from './secureLinkEmail';
import { sentFax } from './sentFax';

const ordered: ResourceDefinition[] = [
	sentFax,
	receivedFax,
	faxNumber,
	client,
	secureLinkEmail,
	aiDocument,
];

export const resources: Record<string, ResourceDefinition> = Object.fromEntries(
	ordered.map((r) => [r.value, r]),
);

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
	patientDataField(ordered.filter((r) => r.recordKind).map((r) => r.value)),
	requestOptionsField,
];

/**
 * The canvas subtitle: the resource and operation as the panel names them ("Sent Fax → Send"), legacy
 * operation values as their current operation; any other pair (n8n's Custom API Call) as its values.
 */
export const nodeSubtitle = ((): string => {
	const names: Record<string, string> = {};
	for (const resource of ordered) {
		const values = [
			...Object.keys(resource.operations),
			...Object.keys(resource.legacyOperations ?? {}),
		];
		for (const value of values)
			names[`${resource.value}:${value}`] =
				`${resource.name} → ${operationOf(resource, value)!.name}`;
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
})();
