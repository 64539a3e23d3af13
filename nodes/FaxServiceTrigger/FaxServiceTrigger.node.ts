import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { loadOptions } from '../shared/lists';
import type { ParsedCallback } from '../shared/callbacks';
import {
	callbackLabel,
	deliveryKey,
	deliveryKeyOfItem,
	readCallbackRequest,
	refuseCallback,
	SIGNATURE_HEADER,
	verifyCallback,
} from '../shared/callbacks';
import { MAIN_CONNECTION } from '../shared/compat';
import { EVENTS_SUBTITLE, eventsField, pdfFieldOption } from '../shared/parameters';
import { deliveryWindow, persist } from './deduplication';
import { checkExists, create, remove } from './registration';

export class FaxServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax Service Trigger',
		name: 'faxServiceTrigger',
		icon: {
			light: 'file:../../icons/fax-service.svg',
			dark: 'file:../../icons/fax-service.dark.svg',
		},
		group: ['trigger'],
		// 1.1 behaves exactly like 1; n8n evaluates a legacy Webhook-v1 expression on every request to a
		// version-1 node, which 1.1 is spared (see README, "High callback volume").
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: EVENTS_SUBTITLE,
		// n8n's node creator lists this trigger and the Fax Service node as one entry, "Fax Service", and
		// shows this description for it (generateMergedNodesAndActions: the trigger's description replaces
		// the node's), in "What happens next?" too: so it says what both do.
		description:
			'Send and receive faxes, send secure-link e-mails, extract documents with AI, and start workflows when faxes arrive or complete and AI results come in',
		defaults: { name: 'Fax Service Trigger' },
		inputs: [],
		outputs: [MAIN_CONNECTION],
		credentials: [{ name: 'faxServiceApi', required: true }],
		// responseData '': n8n answers with what webhook() returns ({received: true}); left out, n8n answers
		// its default 'firstEntryJson' as text.
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: 'fax-service',
			},
		],
		properties: [
			{
				displayName:
					'Sent faxes and AI documents: copy this trigger\'s Production URL (click "Webhook URLs" at the top of this panel, then "Production URL") into the Callback URL of the Fax Service action that sends the fax (Sent Fax → Send, under Additional Fields) or uploads the document (AI Document → Upload). Received faxes: pick the numbers below; while the workflow is active, their faxes come here.',
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			eventsField(
				['aiDocument', 'receivedFax', 'sentFax'],
				['sentFax', 'receivedFax', 'aiDocument'],
			),
			{
				displayName: 'Inbound Fax Number Names or IDs',
				name: 'registerOnFaxNumbers',
				type: 'multiOptions',
				default: [],
				typeOptions: { loadOptionsMethod: 'getFaxNumbers' },
				description:
					'Faxes received on these numbers start this workflow: while it is active, their callback URL points at this trigger, and the previous URL is restored when it is deactivated. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Accept Unverifiable Callbacks',
						name: 'acceptUnverifiable',
						type: 'boolean',
						default: false,
						description:
							'Whether to emit e-mail and direct-message callbacks, which the service signs in a way that cannot be verified (spec 6.6). They are emitted with verified: false. Off: they are refused with 405, which the service does not retry.',
					},
					pdfFieldOption,
					{
						displayName: 'Remembered Callbacks',
						name: 'deduplicationWindow',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1000,
						description: 'How many recent callbacks are remembered to recognise redeliveries',
					},
				],
			},
		],
	};

	methods = { loadOptions };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	/**
	 * Runs at the start of each execution this trigger started: passes its item on unchanged and saves
	 * the remembered callbacks in static data. Saving here rather than in `webhook()` lets n8n answer
	 * the service only once the execution exists (its own back-pressure under a burst), and n8n saves
	 * static data changed by an execution when the execution ends.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const keys = items
			.map((item) => deliveryKeyOfItem(item.json))
			.filter((key): key is string => key !== undefined);
		if (keys.length > 0 && this.getMode() !== 'manual') {
			const options = this.getNodeParameter('options', 0, {}) as IDataObject;
			const staticData = this.getWorkflowStaticData('node');
			const window = deliveryWindow(
				windowScope(this),
				Number(options.deduplicationWindow ?? 1000),
				staticData,
			);
			for (const key of keys) window.claim(key);
			persist(window, staticData);
		}
		return [items];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const refuse = (
			status: number,
			reason: string,
			logDetail = reason,
			callback?: ParsedCallback,
		) => refuseCallback(this, 'Fax Service Trigger', status, reason, logDetail, callback);
		const read = readCallbackRequest(this);
		if ('malformed' in read) return refuse(400, read.malformed);
		const { callback } = read;
		const options = this.getNodeParameter('options', {}) as IDataObject;

		if (callback.type === 'unverifiable') {
			if (options.acceptUnverifiable !== true) {
				return refuse(
					405,
					'This trigger accepts only callbacks it can verify (sent fax, received fax, AI document)',
					'unverifiable callback type refused',
				);
			}
			return {
				workflowData: [
					[{ json: { eventType: 'unverifiable', verified: false, ...callback.payload } }],
				],
			};
		}

		const verdict = await verifyCallback.call(
			this,
			callback,
			this.getRequestObject().headers[SIGNATURE_HEADER],
		);
		if (verdict !== 'valid')
			return refuse(verdict.status, verdict.reason, verdict.logDetail, callback);

		const events = this.getNodeParameter('events', []) as string[];
		if (!events.includes(callback.type)) {
			// Verified but not wanted: acknowledge so the service stops retrying.
			return { webhookResponse: { received: true, emitted: false } };
		}

		const staticData = this.getWorkflowStaticData('node');
		const window = deliveryWindow(
			windowScope(this),
			Number(options.deduplicationWindow ?? 1000),
			staticData,
		);
		const delivery = deliveryKey(callback.type, callback.payload);
		if (!window.claim(delivery)) {
			this.logger.info(`Fax Service Trigger ignored a redelivered ${callbackLabel(callback)}`);
			return { webhookResponse: { received: true, duplicate: true } };
		}

		try {
			const item = await toItem(
				this,
				callback,
				String(options.binaryPropertyName ?? 'data') || 'data',
			);
			// n8n answers with webhookResponse once the execution exists; execute() then saves the window.
			return { webhookResponse: { received: true }, workflowData: [[item]] };
		} catch (error) {
			// Not emitted: forget it, so the service's retry is accepted, and answer non-2xx.
			window.release(delivery);
			throw new NodeOperationError(this.getNode(), error as Error);
		}
	}
}

/** One remembered-callbacks window per trigger node of a workflow. */
function windowScope(ctx: IWebhookFunctions | IExecuteFunctions): string {
	return `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
}

async function toItem(
	ctx: IWebhookFunctions,
	callback: ParsedCallback,
	binaryPropertyName: string,
): Promise<INodeExecutionData> {
	const record = (
		callback.type === 'aiDocument' ? callback.payload.aiResult : callback.payload
	) as IDataObject;
	const item: INodeExecutionData = {
		json: { eventType: callback.type, verified: true, ...record },
	};
	if (callback.file) {
		const token = typeof record.sendToken === 'string' ? record.sendToken : 'received-fax';
		const fileName = callback.file.originalFilename || `${token}.pdf`;
		item.binary = {
			[binaryPropertyName]: await ctx.nodeHelpers.copyBinaryFile(
				callback.file.filepath,
				fileName,
				callback.file.mimetype || 'application/pdf',
			),
		};
	}
	return item;
}
