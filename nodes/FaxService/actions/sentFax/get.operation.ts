import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdField, getFax } from '../faxRecords';
import { outputFields } from '../fields';
import type { RecordKindName } from '../../../shared/records';

export const sentFaxIdField = faxIdField(
	"The fax's sendToken: the faxId returned when it was queued",
);

export const description = updateDisplayOptions(
	{ show: { resource: ['sentFax'], operation: ['get'] } },
	[sentFaxIdField, ...outputFields('sentFax')],
);

export const records: RecordKindName = 'sentFax';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getFax(this, itemIndex, 'sent');
}
