import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdField, getFax } from '../faxRecords';
import { outputFields } from '../fields';
import type { RecordKindName } from '../../../shared/records';

export const receivedFaxIdField = faxIdField(
	"The received fax's sendToken, e.g. from a Fax Service Trigger",
);

export const description = updateDisplayOptions(
	{ show: { resource: ['receivedFax'], operation: ['get'] } },
	[receivedFaxIdField, ...outputFields('receivedFax')],
);

export const records: RecordKindName = 'receivedFax';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getFax(this, itemIndex, 'received');
}
