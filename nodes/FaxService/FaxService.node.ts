import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { MAIN_CONNECTION } from '../shared/compat';
import { RESUME_WEBHOOKS } from '../shared/callbacks';
import { nodeProperties, nodeSubtitle } from './actions/versionDescription';
import { resumeOnCallback } from './actions/resume';
import { router } from './actions/router';
import { listSearch, loadOptions } from '../shared/lists';

export class FaxService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax Service',
		name: 'faxService',
		icon: {
			light: 'file:../../icons/fax-service.svg',
			dark: 'file:../../icons/fax-service.dark.svg',
		},
		group: ['output'],
		// 1.1: its AI tool gives the model no patient field unless Patient Data for the Model is on; 1 gives them.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: nodeSubtitle,
		description: 'Send and receive faxes, send secure-link e-mails and extract documents with AI',
		defaults: { name: 'Fax Service' },
		usableAsTool: true,
		inputs: [MAIN_CONNECTION],
		outputs: [MAIN_CONNECTION],
		credentials: [{ name: 'faxServiceApi', required: true }],
		// Send and Wait: the callback that resumes a waiting execution arrives here.
		webhooks: RESUME_WEBHOOKS,
		properties: nodeProperties,
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnCallback.call(this);
	}
}
