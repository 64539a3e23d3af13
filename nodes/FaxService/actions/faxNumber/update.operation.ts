import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { assertUrl, assertUuid } from '../../../shared/validation';
import { callbackUrlField, faxNumberIdLocator } from '../fields';
import { fieldCollection, recordOption } from '../../../shared/parameters';
import { readUuidLocator } from '../readers';
import { unwrap } from '../../../shared/records';

const properties: INodeProperties[] = [
	faxNumberIdLocator,
	fieldCollection('updateFields', [
		{
			...callbackUrlField('a callback for every fax received on this number'),
			hint: 'Add the field and leave it empty to clear the callback URL',
		},
		recordOption(
			'Client',
			'clientId',
			'getClientsOrNone',
			'Client to assign the number to; "No Client (Unassign)" unassigns it',
		),
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['faxNumber'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(this, itemIndex, 'faxNumberId', 'Fax Number');
	const updates = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const faxNumber: IDataObject = {};
	if ('callbackUrl' in updates) {
		const url = String(updates.callbackUrl ?? '').trim();
		faxNumber.callback_url = url === '' ? null : assertUrl(this, itemIndex, 'Callback URL', url);
	}
	if ('clientId' in updates) {
		const clientId = String(updates.clientId ?? '').trim();
		faxNumber.client_id = clientId === '' ? null : assertUuid(this, itemIndex, 'Client', clientId);
	}
	if (Object.keys(faxNumber).length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Update Fields must set Callback URL or Client [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	const response = await apiRequest.call(this, {
		method: 'PATCH',
		answer: { record: 'faxNumber', id: 'id' },
		path: `/fax_numbers/${id}`,
		json: { fax_number: faxNumber },
		itemIndex,
		notFound: `Fax number "${id}"`,
	});
	return unwrap(response, 'faxNumber');
}
