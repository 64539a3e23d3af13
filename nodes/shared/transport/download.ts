import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from '../credentials';
import { getFaxServiceCredentials } from '../credentials';
import { networkErrorMessage } from './errors';
import { linkRefusal } from './linkPolicy';
import { isRedirect, MAX_REDIRECTS, redirectTarget } from './redirects';
import { REQUEST_TIMEOUT_MS } from './send';

export interface DownloadedFile {
	data: Buffer;
	contentType?: string;
	fileName?: string;
}

const POLICY =
	'Secure links are checked before connecting and at every redirect: https: links to public addresses are fetched; http: links, and loopback, private-network or link-local addresses, only when the credential\'s Base URL is such an address itself. See the README, "Patient data".';

type LinkResponse = { statusCode: number; body: unknown; headers: IDataObject };

/**
 * Fetches a record's secure link. It is a link for people, so no key is sent with it: a key must
 * never travel to an address taken from a response. The link and every redirect it takes must pass
 * the secure-link policy (linkPolicy.ts) before n8n connects there.
 */
export async function downloadSecureLink(
	this: ApiContext,
	url: string,
	itemIndex?: number,
): Promise<DownloadedFile> {
	const refuse = (reason: string) =>
		new NodeOperationError(this.getNode(), `The secure link was not downloaded: ${reason}`, {
			itemIndex,
			description: POLICY,
		});
	const { baseUrl } = await getFaxServiceCredentials.call(this);
	let base: URL;
	let link: URL;
	try {
		base = new URL(baseUrl);
		link = new URL(url);
	} catch {
		throw refuse("it is not a valid URL, or the credential's Base URL is not");
	}

	let response: LinkResponse;
	for (let redirects = 0; ; redirects++) {
		const refusal = linkRefusal(link, base);
		if (refusal) throw refuse(`${redirects === 0 ? 'it' : `its redirect ${redirects}`} ${refusal}`);
		try {
			response = (await this.helpers.httpRequest({
				method: 'GET',
				url: link.href,
				encoding: 'arraybuffer',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: REQUEST_TIMEOUT_MS,
				// Each hop is checked here before n8n connects to it.
				disableFollowRedirect: true,
			})) as LinkResponse;
		} catch (error) {
			throw new NodeApiError(
				this.getNode(),
				{ message: networkErrorMessage(error) },
				{
					message: `Could not download the secure link: ${networkErrorMessage(error)}`,
					itemIndex,
				},
			);
		}
		if (!isRedirect(response.statusCode)) break;
		const target = redirectTarget(response.headers, link.href);
		if (!target) break;
		if (redirects === MAX_REDIRECTS) throw refuse(`it redirected more than ${MAX_REDIRECTS} times`);
		link = target;
	}

	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw new NodeApiError(
			this.getNode(),
			{ status: response.statusCode },
			{
				message: `Downloading the secure link failed with HTTP ${response.statusCode}`,
				description: isRedirect(response.statusCode)
					? 'The link answered with a redirect that has no Location header.'
					: "Secure links expire; check the record's expiry and recordStatus.",
				httpCode: String(response.statusCode),
				itemIndex,
			},
		);
	}
	const body = response.body;
	const data = Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);
	const disposition =
		typeof response.headers['content-disposition'] === 'string'
			? response.headers['content-disposition']
			: '';
	const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
	const contentType =
		typeof response.headers['content-type'] === 'string'
			? response.headers['content-type'].split(';')[0]
			: undefined;
	return { data, contentType, fileName };
}
