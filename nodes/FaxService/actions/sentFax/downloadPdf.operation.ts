import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { downloadSecureLink } from '../../../shared/transport';
import { outputBinaryField, withDownloadedFile } from '../common';
import { getSentFax, sendTokenField } from './get.operation';

export const description = updateDisplayOptions({ show: { resource: ['sentFax'], operation: ['downloadPdf'] } }, [
	sendTokenField,
	outputBinaryField,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const record = await getSentFax(this, itemIndex);
	if (typeof record.secureLink !== 'string' || record.secureLink === '') {
		throw new NodeOperationError(this.getNode(), `Sent fax "${String(record.sendToken)}" has no secure link to download [item ${itemIndex}]`, { itemIndex });
	}
	const file = await downloadSecureLink.call(this, record.secureLink, itemIndex);
	return [await withDownloadedFile(this, itemIndex, record, file, `${String(record.sendToken)}.pdf`)];
}
