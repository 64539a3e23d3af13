/**
 * The sandbox's API as the AI suites set it up, with its test key: a JSON or multipart request that
 * must succeed, and an inbound fax simulated on one of the account's numbers.
 */
import type { Sandbox } from '../../../sandbox';
import { minimalPdf } from './files';

type Json = Record<string, unknown>;

export type SandboxApi = (method: string, path: string, body?: FormData | Json) => Promise<Json>;

export function sandboxApi(sandbox: Sandbox): SandboxApi {
	return async (method, path, body) => {
		const headers: Record<string, string> = { authorization: `Bearer ${sandbox.testKey}` };
		if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
		const response = await fetch(`${sandbox.baseUrl}${path}`, {
			method,
			headers,
			body: body instanceof FormData ? body : body && JSON.stringify(body),
		});
		const json = (await response.json()) as Json;
		if (response.status >= 300)
			throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
		return json;
	};
}

/** Provisions a fax number; resolves its E.164 number. */
export async function provisionNumber(api: SandboxApi): Promise<string> {
	const { faxNumber } = (await api('POST', '/fax_numbers', {
		fax_number: { area_code: '415' },
	})) as { faxNumber: { number: string } };
	return faxNumber.number;
}

/** A multipart request body: `fields`, then `pdf` (a one-page PDF by default) as its `file` part. */
export function pdfForm(fields: Record<string, string>, pdf = minimalPdf('a fax')): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'fax.pdf');
	return form;
}

/** Simulates an inbound fax (a one-page PDF reading `text`); resolves its sendToken. */
export async function receiveFax(
	api: SandboxApi,
	toNumber: string,
	fromNumber: string,
	text: string,
): Promise<string> {
	const form = pdfForm({ to_number: toNumber, from_number: fromNumber }, minimalPdf(text));
	const { message } = await api('POST', '/received_faxes/test_receive', form);
	return /([0-9a-f]{24})/.exec(String(message))![1];
}
