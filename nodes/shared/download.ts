import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from './credentials';
import { networkErrorMessage } from './errors';
import { REQUEST_TIMEOUT_MS } from './transport';

export interface DownloadedFile {
	data: Buffer;
	contentType?: string;
	fileName?: string;
}

/**
 * Fetches a record's secure link. It is a link for people, so no key is sent with it: a key must
 * never travel to an address taken from a response.
 */
export async function downloadSecureLink(this: ApiContext, url: string, itemIndex?: number): Promise<DownloadedFile> {
	let response: { statusCode: number; body: unknown; headers: IDataObject };
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: REQUEST_TIMEOUT_MS,
		})) as { statusCode: number; body: unknown; headers: IDataObject };
	} catch (error) {
		throw new NodeApiError(this.getNode(), { message: networkErrorMessage(error) }, {
			message: `Could not download the secure link: ${networkErrorMessage(error)}`,
			itemIndex,
		});
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw new NodeApiError(this.getNode(), { status: response.statusCode }, {
			message: `Downloading the secure link failed with HTTP ${response.statusCode}`,
			description: 'Secure links expire; check the record\'s expiry and recordStatus.',
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	const body = response.body;
	const data = Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);
	const disposition = typeof response.headers['content-disposition'] === 'string' ? response.headers['content-disposition'] : '';
	const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
	const contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'].split(';')[0] : undefined;
	return { data, contentType, fileName };
}
