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

/** n8n's HTTP Request node posting `fields` and the item's binary "data" as `file`, multipart, with a Header Auth credential. */
function httpRequestMultipart(name, url, fields, credential) {
	return node(
		name,
		'n8n-nodes-base.httpRequest',
		HTTP_REQUEST_VERSION,
		{
			method: 'POST',
			url,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendBody: true,
			contentType: 'multipart-form-data',
			bodyParameters: {
				parameters: [
					...fields.map(([field, value]) => ({ parameterType: 'formData', name: field, value })),
					{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
				],
			},
			options: {},
		},
		0,
		{ credentials: { httpHeaderAuth: { id: credential.id, name: credential.name } } },
	);
}

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
			{
				url: pdfUrl,
				options: { response: { response: { responseFormat: 'file', outputPropertyName: 'data' } } },
			},
			440,
		),
		{ ...sendNode, name: SEND_NODE, position: [660, 0] },
	];
	const chain = nodes.map((n) => n.name);
	const connections = {};
	for (let i = 0; i < chain.length - 1; i++)
		connections[chain[i]] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
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
		sendNode: httpRequestMultipart(
			SEND_NODE,
			`${baseUrl}/sent_faxes`,
			[
				['from_number', fromNumber],
				['to_number', '={{ $json.to }}'],
			],
			credential,
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
				1.1, // what the editor adds today
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
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				2.1,
				{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				0,
				{ webhookId },
			),
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * What a user builds without this package: Webhook (answer from a Respond node) → Crypto HMAC-SHA256
 * of sendToken + completedAt with the test key (a Crypto credential) → IF it equals the
 * X-Service-Signature header → Respond 200 {received: true}, else Respond 401. Its URL path is `path`.
 */
function handBuiltVerification({ webhookId, path, credential }) {
	const record = 'JSON.parse($json.body.recordDetails)';
	const nodes = [
		node(
			'Webhook',
			'n8n-nodes-base.webhook',
			2.1,
			{ httpMethod: 'POST', path, responseMode: 'responseNode', options: {} },
			0,
			{ webhookId },
		),
		node(
			'Crypto',
			'n8n-nodes-base.crypto',
			2,
			{
				action: 'hmac',
				type: 'SHA256',
				value: `={{ ${record}.sendToken + (${record}.completedAt ?? 'null') }}`,
				dataPropertyName: 'expectedSignature',
				encoding: 'hex',
			},
			220,
			{ credentials: { crypto: { id: credential.id, name: credential.name } } },
		),
		node(
			'Signature OK?',
			'n8n-nodes-base.if',
			2.2,
			{
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					combinator: 'and',
					conditions: [
						{
							id: randomUUID(),
							leftValue: '={{ $json.expectedSignature }}',
							rightValue: "={{ $json.headers['x-service-signature'] }}",
							operator: { type: 'string', operation: 'equals' },
						},
					],
				},
				options: {},
			},
			440,
		),
		node(
			'Respond 200',
			'n8n-nodes-base.respondToWebhook',
			1.4,
			{ respondWith: 'json', responseBody: '{"received": true}', options: {} },
			660,
		),
		node(
			'Respond 401',
			'n8n-nodes-base.respondToWebhook',
			1.4,
			{
				respondWith: 'json',
				responseBody: '{"error": "Invalid X-Service-Signature"}',
				options: { responseCode: 401 },
			},
			660,
		),
	];
	const to = (name) => ({ node: name, type: 'main', index: 0 });
	return {
		name: 'bench: receive with Webhook → Crypto → IF → Respond',
		nodes,
		connections: {
			Webhook: { main: [[to('Crypto')]] },
			Crypto: { main: [[to('Signature OK?')]] },
			'Signature OK?': { main: [[to('Respond 200')], [to('Respond 401')]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The test-only do-nothing community trigger (bench/floor-trigger). Its URL path is `<webhookId>/floor`. */
function floorTrigger({ webhookId }) {
	return {
		name: 'bench: receive with a do-nothing community trigger',
		nodes: [node('Bench Floor Trigger', 'CUSTOM.benchFloorTrigger', 1, {}, 0, { webhookId })],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** Manual Trigger → HTTP Request GET of the large PDF (binary "data") → the measured node, named MEASURED_NODE. */
function uploadWorkflow({ name, pdfUrl, measuredNode }) {
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node(
			DOWNLOAD_NODE,
			'n8n-nodes-base.httpRequest',
			HTTP_REQUEST_VERSION,
			{
				url: pdfUrl,
				options: { response: { response: { responseFormat: 'file', outputPropertyName: 'data' } } },
			},
			220,
		),
		{ ...measuredNode, name: MEASURED_NODE, position: [440, 0] },
	];
	return { name, nodes, connections: chainOf(nodes), settings: { executionOrder: 'v1' } };
}

function chainOf(nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return connections;
}

const MEASURED_NODE = 'Measured';

/** (a) AI Document → Upload of a large PDF. */
function faxServiceAiUpload({ pdfUrl, callbackUrl, credential }) {
	return uploadWorkflow({
		name: 'bench: AI upload with Fax Service node',
		pdfUrl,
		measuredNode: node(
			MEASURED_NODE,
			'n8n-nodes-fax-service.faxService',
			1,
			{ resource: 'aiDocument', operation: 'upload', binaryPropertyName: 'data', callbackUrl },
			0,
			{ credentials: { faxServiceApi: { id: credential.id, name: credential.name } } },
		),
	});
}

/** (b) HTTP Request: multipart POST /ai_documents with the same file. */
function httpRequestAiUpload({ pdfUrl, callbackUrl, baseUrl, credential }) {
	return uploadWorkflow({
		name: 'bench: AI upload with HTTP Request node',
		pdfUrl,
		measuredNode: httpRequestMultipart(
			MEASURED_NODE,
			`${baseUrl}/ai_documents`,
			[['callback_url', callbackUrl]],
			credential,
		),
	});
}

/** (a) Sent Fax → Get Many with Return All: one item per fax. */
function faxServiceReturnAll({ credential }) {
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node(
			MEASURED_NODE,
			'n8n-nodes-fax-service.faxService',
			1,
			{ resource: 'sentFax', operation: 'getMany', returnAll: true, filters: {} },
			220,
			{
				credentials: { faxServiceApi: { id: credential.id, name: credential.name } },
			},
		),
	];
	return {
		name: 'bench: Return All with Fax Service node',
		nodes,
		connections: chainOf(nodes),
		settings: { executionOrder: 'v1' },
	};
}

/**
 * (b) HTTP Request with its pagination option (page = $pageCount + 1, 100 per page, complete when
 * meta.page reaches meta.totalPages) → Split Out on sentFaxes: one item per fax.
 */
function httpRequestReturnAll({ baseUrl, credential }) {
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node(
			MEASURED_NODE,
			'n8n-nodes-base.httpRequest',
			HTTP_REQUEST_VERSION,
			{
				url: `${baseUrl}/sent_faxes`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'page_size', value: '100' }] },
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: {
								parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
							},
							paginationCompleteWhen: 'other',
							completeExpression:
								'={{ $response.body.meta.page >= $response.body.meta.totalPages }}',
							limitPagesFetched: true,
							maxRequests: 1000,
						},
					},
				},
			},
			220,
			{ credentials: { httpHeaderAuth: { id: credential.id, name: credential.name } } },
		),
		node(
			SPLIT_NODE,
			'n8n-nodes-base.splitOut',
			1,
			{ fieldToSplitOut: 'sentFaxes', include: 'noOtherFields', options: {} },
			440,
		),
	];
	return {
		name: 'bench: Return All with HTTP Request pagination + Split Out',
		nodes,
		connections: chainOf(nodes),
		settings: { executionOrder: 'v1' },
	};
}

const SPLIT_NODE = 'Split Out';

module.exports = {
	MEASURED_NODE,
	SPLIT_NODE,
	faxServiceAiUpload,
	httpRequestAiUpload,
	faxServiceReturnAll,
	httpRequestReturnAll,
	SEND_NODE,
	DOWNLOAD_NODE,
	faxServiceSend,
	httpRequestSend,
	faxServiceTrigger,
	webhookNode,
	handBuiltVerification,
	floorTrigger,
};
