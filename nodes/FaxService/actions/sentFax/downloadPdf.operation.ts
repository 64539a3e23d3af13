import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outputBinaryField } from '../fields';
import { downloadFaxPdf } from '../faxRecords';
import { sentFaxIdField } from './get.operation';

export const description = updateDisplayOptions(
	{ show: { resource: ['sentFax'], operation: ['downloadPdf'] } },
	[sentFaxIdField, outputBinaryField],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await downloadFaxPdf(this, itemIndex, 'sent');
}
