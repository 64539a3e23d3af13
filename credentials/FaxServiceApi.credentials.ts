import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Base URL, the account's test and live keys, and which of them authenticates requests.
 * Key prefixes are checked where the keys are used (every request, every callback), with a message
 * naming the field: display conditions with regular expressions here would be evaluated on every
 * credential load, under a time limit that a busy n8n can exceed.
 * Both keys are kept because callbacks are signed with the test key for test records and with
 * the live key otherwise (spec 6.6): the trigger needs whichever one a callback was signed with.
 */
export class FaxServiceApi implements ICredentialType {
	name = 'faxServiceApi';

	displayName = 'Fax Service API';

	icon: Icon = {
		light: 'file:../icons/fax-service.svg',
		dark: 'file:../icons/fax-service.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-fax-service#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:4010/api/v2',
			required: true,
			placeholder: 'https://<service host>/api/v2',
			description:
				'Address of the service including the version prefix /api/v2. The default is the local sandbox (npm run sandbox).',
		},
		{
			displayName: 'Authenticate Requests With',
			name: 'authenticateWith',
			type: 'options',
			options: [
				{
					name: 'Test Key',
					value: 'test',
					description: 'Requests create test records (isTest: true)',
				},
				{
					name: 'Live Key',
					value: 'live',
					description: 'Requests create live records: real faxes and e-mails are sent',
				},
			],
			default: 'test',
		},
		{
			displayName: 'Test API Key',
			name: 'testApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'sk_test_…',
			description:
				'Starts with sk_test_. Needed to authenticate with the test key and to verify callbacks of test records.',
		},
		{
			displayName: 'Live API Key',
			name: 'liveApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'sk_live_…',
			description:
				'Starts with sk_live_. Needed to authenticate with the live key and to verify callbacks of live records and of every AI document.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization:
					'={{"Bearer " + ($credentials.authenticateWith === "live" ? $credentials.liveApiKey : $credentials.testApiKey)}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/fax_numbers',
			method: 'GET',
			// The key goes only to the Base URL's origin: a redirect fails the test instead of being followed.
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
	};
}
