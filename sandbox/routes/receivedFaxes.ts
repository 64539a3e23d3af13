import type { FastifyInstance, FastifyRequest } from 'fastify';
import FormData from 'form-data';
import {
	PAYLOAD_FIELD,
	signCallback,
	signingKeyEnvironment,
} from '../../nodes/shared/callbacks/signature';
import { callbackKey, sendCallback } from '../delivery';
import { isE164, MESSAGES, notFound } from '../errors';
import { EMPTY_RECEIVED_EXTRACTION, extractReceived } from '../extraction';
import { countPages, extensionOf, mimeOf, randomToken } from '../files';
import { contains, dateRange, equals, inRange, paginate, sortBy, type Query } from '../lists';
import { readMultipart, requiredText, takeFile } from '../multipart';
import { isTestRequest } from '../requests';
import type { Runtime } from '../runtime';
import { booleanQuery, dateQuery, e164, pageQuery } from '../schemas';
import { receivedFaxView, type ReceivedFax } from '../state';
import { nowIso } from '../time';
import { queueSentFax } from './sentFaxes';

/** Received faxes: list, get, forward as a sent fax, and test_receive (the sandbox's way to receive one). */

export const SANDBOX_CALLER_NAME = 'Sandbox Caller';
export const RECEIVE_FAILURE_MESSAGE =
	'Transmission interrupted before the fax was completely received';

const receivedFaxListQuery = {
	type: 'object',
	properties: {
		...pageQuery,
		from_number: e164,
		to_number: e164,
		caller_name: { type: 'string' },
		date_start: dateQuery,
		date_end: dateQuery,
		fax_status: { type: 'string', enum: ['success', 'failure'] },
		is_test: booleanQuery,
		client: { type: 'string' },
		callback_status: { type: 'string', enum: ['success', 'failed', 'pending'] },
	},
};

const forwardBody = {
	type: 'object',
	required: ['to_number'],
	properties: { to_number: e164 },
};

function sendReceivedFaxCallback(rt: Runtime, fax: ReceivedFax, url: string): void {
	const { config, state } = rt;
	const x = fax.extraction;
	const payload: Record<string, unknown> = {
		sendToken: fax.sendToken,
		fromNumber: fax.fromNumber,
		toNumber: fax.toNumber,
		callerName: fax.callerName,
		sentAt: fax.sentAt,
		completedAt: fax.completedAt,
		numPages: fax.numPages,
		isTest: fax.isTest,
		faxStatus: fax.faxStatus,
		errorDetails: fax.errorDetails ? { ...fax.errorDetails } : null,
		client: fax.client,
		callbackStatus: fax.callbackStatus,
	};
	if (config.aiExtraction) Object.assign(payload, { ...x, codes: x.codes ?? [] });
	const key = callbackKey(rt, signingKeyEnvironment('receivedFax', payload));
	const form = new FormData();
	form.append(PAYLOAD_FIELD.receivedFax, JSON.stringify(payload));
	form.append('file', fax.file, {
		filename: `${fax.sendToken}.${extensionOf(fax.kind)}`,
		contentType: mimeOf(fax.kind),
	});
	sendCallback(rt, {
		type: 'receivedFax',
		url,
		contentType: form.getHeaders()['content-type'] as string,
		body: form.getBuffer(),
		signature: signCallback('receivedFax', payload, key),
		onFinal: (delivered) => {
			if (state.receivedFaxes.get(fax.sendToken) === fax)
				fax.callbackStatus = delivered ? 'success' : 'failed';
		},
	});
}

export function registerReceivedFaxRoutes(app: FastifyInstance, rt: Runtime): void {
	const { config, state, files, scheduler } = rt;

	app.get(
		'/api/v2/received_faxes',
		{ schema: { querystring: receivedFaxListQuery } },
		async (request) => {
			const q = request.query as Query;
			const range = dateRange(q);
			let items = [...state.receivedFaxes.values()].filter(
				(f) =>
					equals(f.fromNumber, q.from_number) &&
					equals(f.toNumber, q.to_number) &&
					contains(f.callerName, q.caller_name) &&
					equals(f.faxStatus, q.fax_status) &&
					(q.is_test === undefined || f.isTest === (q.is_test === 'true')) &&
					equals(f.client, q.client) &&
					equals(f.callbackStatus, q.callback_status) &&
					inRange(f.sentAt, range),
			);
			items = sortBy(items, 'sentAt', 'desc');
			const page = paginate(items, q);
			return { receivedFaxes: page.items.map(receivedFaxView), meta: page.meta };
		},
	);

	app.post(
		'/api/v2/received_faxes/test_receive',
		{ config: { bodyKind: 'multipart' } },
		async (request, reply) => {
			const body = await readMultipart(
				request,
				{ text: ['to_number', 'from_number'], files: ['file'] },
				config.maxUploadBytes,
			);
			const file = takeFile(body, 'pdfOrTiff', config.maxUploadBytes);
			const toNumber = requiredText(body, 'to_number', isE164, MESSAGES.e164);
			const fromNumber = requiredText(body, 'from_number', isE164, MESSAGES.e164);
			const number = [...state.faxNumbers.values()].find((n) => n.number === toNumber);
			if (toNumber && isE164(toNumber) && !number)
				body.errors.add('to_number', 'is not a fax number of this account');
			body.errors.throwIfAny();

			const completedMs = Date.now();
			const failed = fromNumber.endsWith('0000');
			const callbackUrl = number!.callbackUrl || null;
			const fax: ReceivedFax = {
				seq: state.nextSeq(),
				sendToken: randomToken(),
				fromNumber,
				toNumber,
				callerName: SANDBOX_CALLER_NAME,
				faxStatus: failed ? 'failure' : 'success',
				sentAt: nowIso(completedMs - 30_000),
				completedAt: nowIso(completedMs),
				numPages: countPages(file!.data, file!.kind),
				isTest: isTestRequest(request),
				errorDetails: failed ? { errorMessage: RECEIVE_FAILURE_MESSAGE } : null,
				callbackStatus: callbackUrl ? 'pending' : null,
				client: number!.clientId,
				extraction:
					config.aiExtraction && !failed
						? extractReceived(file!.data)
						: { ...EMPTY_RECEIVED_EXTRACTION },
				secureLink: null,
				file: file!.data,
				kind: file!.kind,
			};
			fax.secureLink = files.add(file!.data, file!.kind, null).url;
			state.receivedFaxes.set(fax.sendToken, fax);
			if (callbackUrl) scheduler.after(0, () => sendReceivedFaxCallback(rt, fax, callbackUrl));
			return reply.status(201).send({ message: `Test fax received: ${fax.sendToken}` });
		},
	);

	app.get(
		'/api/v2/received_faxes/:send_token',
		async (request: FastifyRequest<{ Params: { send_token: string } }>) => {
			const fax = state.receivedFaxes.get(request.params.send_token);
			if (!fax) throw notFound(`Received fax ${request.params.send_token} not found`);
			return receivedFaxView(fax);
		},
	);

	app.post(
		'/api/v2/received_faxes/:send_token/forward_as_fax',
		{ config: { bodyKind: 'form' }, schema: { body: forwardBody } },
		async (
			request: FastifyRequest<{ Params: { send_token: string }; Body: { to_number: string } }>,
			reply,
		) => {
			const received = state.receivedFaxes.get(request.params.send_token);
			if (!received) throw notFound(`Received fax ${request.params.send_token} not found`);
			const fax = queueSentFax(rt, {
				fromNumber: received.toNumber,
				toNumber: request.body.to_number,
				data: received.file,
				kind: received.kind,
				isTest: isTestRequest(request),
				callbackUrl: null,
			});
			return reply.status(201).send({ message: 'Fax queued for forwarding', faxId: fax.sendToken });
		},
	);
}
