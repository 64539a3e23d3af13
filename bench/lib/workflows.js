'use strict';
/**
 * The benchmark workflows (n8n JSON). Each "send" workflow is Manual Trigger → Code (N items) →
 * HTTP Request GET of the sample PDF as binary → the measured node, named SEND_NODE in both variants.
 */

const { randomUUID } = require('crypto');

const SEND_NODE = 'Send Fax';
const DOWNLOAD_NODE = 'Download PDF';
const HTTP_REQUEST_VERSION = 4.5; // n8n 2.41's default (what the editor adds today)

const node = (name, type, typeVersion, parameters, x, extra = {}) => ({
	id: randomUUID(),
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
	...extra,
});

/** To numbers +12125550001 … : distinct per item, never ending in 0000 (the sandbox's failure rule) for n < 10000. */
const toNumberCode = (n) =>
	`return Array.from({ length: ${n} }, (_, i) => ({ json: { i, to: '+1212555' + String(i + 1).padStart(4, '0') } }));`;

function sendWorkflow({ name, n, pdfUrl, sendNode }) {
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node('Make Items', 'n8n-nodes-base.code', 2, { jsCode: toNumberCode(n) }, 220),
		node(
			DOWNLOAD_NODE,
			'n8n-nodes-base.httpRequest',
			HTTP_REQUEST_VERSION,
			{ url: pdfUrl, options: { response: { response: { responseFormat: 'file', outputPropertyName: 'data' } } } },
			440,
		),
		{ ...sendNode, name: SEND_NODE, position: [660, 0] },
	];
	const chain = nodes.map((n) => n.name);
	const connections = {};
	for (let i = 0; i < chain.length - 1; i++) connections[chain[i]] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** (a) this package: Fax Service → Sent Fax → Send. */
function faxServiceSend({ n, pdfUrl, fromNumber, credential }) {
	return sendWorkflow({
		name: 'bench: send with Fax Service node',
		n,
		pdfUrl,
		sendNode: node(
			SEND_NODE,
			'n8n-nodes-fax-service.faxService',
			1,
			{
				resource: 'sentFax',
				operation: 'send',
				binaryPropertyName: 'data',
				fromNumber: { __rl: true, mode: 'number', value: fromNumber },
				toNumber: '={{ $json.to }}',
				additionalFields: {},
			},
			0,
			{ credentials: { faxServiceApi: { id: credential.id, name: credential.name } } },
		),
	});
}

/** (b) n8n's HTTP Request node: multipart POST /sent_faxes with a Header Auth credential. */
function httpRequestSend({ n, pdfUrl, fromNumber, baseUrl, credential }) {
	return sendWorkflow({
		name: 'bench: send with HTTP Request node',
		n,
		pdfUrl,
		sendNode: node(
			SEND_NODE,
			'n8n-nodes-base.httpRequest',
			HTTP_REQUEST_VERSION,
			{
				method: 'POST',
				url: `${baseUrl}/sent_faxes`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				sendBody: true,
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						{ parameterType: 'formData', name: 'from_number', value: fromNumber },
						{ parameterType: 'formData', name: 'to_number', value: '={{ $json.to }}' },
						{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
					],
				},
				options: {},
			},
			0,
			{ credentials: { httpHeaderAuth: { id: credential.id, name: credential.name } } },
		),
	});
}

/** Fax Service Trigger for sent-fax callbacks. Its URL path is `<webhookId>/fax-service`. */
function faxServiceTrigger({ webhookId, credential }) {
	return {
		name: 'bench: receive with Fax Service Trigger',
		nodes: [
			node(
				'Fax Service Trigger',
				'n8n-nodes-fax-service.faxServiceTrigger',
				1,
				{ events: ['sentFax'], registerOnFaxNumbers: [], options: {} },
				0,
				{ webhookId, credentials: { faxServiceApi: { id: credential.id, name: credential.name } } },
			),
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's Webhook node: POST, answers when received. Its URL path is `path`. */
function webhookNode({ webhookId, path }) {
	return {
		name: 'bench: receive with Webhook node',
		nodes: [node('Webhook', 'n8n-nodes-base.webhook', 2.1, { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, 0, { webhookId })],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

module.exports = { SEND_NODE, DOWNLOAD_NODE, faxServiceSend, httpRequestSend, faxServiceTrigger, webhookNode };
