import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest, logReason } from '../shared/transport';

/**
 * "Register on Fax Numbers": on activation the trigger points the chosen numbers' callback URL at
 * its own webhook and remembers what was there; on deactivation it puts the old value back, but
 * only where the number still points at this webhook (someone may have changed it since).
 */

const STATIC_DATA_KEY = 'registrations';

interface Registration {
	/** The callback URL the number had before this trigger took it over. */
	previousCallbackUrl: string | null;
	webhookUrl: string;
}

type Registrations = Record<string, Registration>;

function selectedNumbers(ctx: IHookFunctions): string[] {
	const ids = ctx.getNodeParameter('registerOnFaxNumbers', []) as string[];
	return [...new Set(ids.filter((id) => typeof id === 'string' && id !== ''))];
}

function webhookUrlOf(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(ctx.getNode(), 'The trigger has no webhook URL to register');
	return url;
}

function registrationsOf(ctx: IHookFunctions): Registrations {
	const staticData = ctx.getWorkflowStaticData('node');
	if (typeof staticData[STATIC_DATA_KEY] !== 'object' || staticData[STATIC_DATA_KEY] === null) {
		staticData[STATIC_DATA_KEY] = {};
	}
	return staticData[STATIC_DATA_KEY] as unknown as Registrations;
}

async function getCallbackUrl(ctx: IHookFunctions, id: string): Promise<string | null> {
	const response = await apiRequest.call(ctx, {
		method: 'GET',
		path: `/fax_numbers/${id}`,
		notFound: `Fax number "${id}"`,
		answer: { record: 'faxNumber', id: 'id' },
	});
	const faxNumber = response.faxNumber as IDataObject;
	const url = faxNumber.callbackUrl;
	return typeof url === 'string' && url !== '' ? url : null;
}

async function setCallbackUrl(ctx: IHookFunctions, id: string, url: string | null): Promise<void> {
	await apiRequest.call(ctx, {
		method: 'PATCH',
		path: `/fax_numbers/${id}`,
		json: { fax_number: { callback_url: url } },
		notFound: `Fax number "${id}"`,
		answer: { record: 'faxNumber', id: 'id' },
	});
}

/** True when every chosen number already points at this webhook: nothing to change. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const webhookUrl = webhookUrlOf(this);
	for (const id of selectedNumbers(this)) {
		if ((await getCallbackUrl(this, id)) !== webhookUrl) return false;
	}
	return true;
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const webhookUrl = webhookUrlOf(this);
	const registrations = registrationsOf(this);
	for (const id of selectedNumbers(this)) {
		const current = await getCallbackUrl(this, id);
		if (current === webhookUrl) continue;
		// Keep the oldest previous value: activating again must not record our own URL as "previous".
		if (!registrations[id] || registrations[id].webhookUrl !== webhookUrl) {
			registrations[id] = { previousCallbackUrl: current, webhookUrl };
		}
		await setCallbackUrl(this, id, webhookUrl);
	}
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const registrations = registrationsOf(this);
	for (const [id, registration] of Object.entries(registrations)) {
		try {
			if ((await getCallbackUrl(this, id)) === registration.webhookUrl) {
				await setCallbackUrl(this, id, registration.previousCallbackUrl);
			}
		} catch (error) {
			// A number deleted or unreachable must not block deactivation; the record is dropped either way.
			this.logger.warn(
				`Fax Service Trigger could not restore the callback URL of fax number ${id}: ${logReason(error)}`,
			);
		}
		delete registrations[id];
	}
	return true;
}
