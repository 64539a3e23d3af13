import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scheduleDelivery, sendFormCallback } from '../delivery';
import { isDate, isE164, isHttpUrl, MESSAGES, notFound } from '../errors';
import { countPages, randomToken, type FileKind } from '../files';
import { contains, dateRange, equals, inRange, paginate, sortBy, type Query } from '../lists';
import { optionalChecked, readMultipart, requiredText, takeFile, text } from '../multipart';
import { isTestRequest } from '../requests';
import type { Runtime } from '../runtime';
import { booleanQuery, dateQuery, e164, pageQuery } from '../schemas';
import { DOCUMENT_TYPES, sentFaxView, type DocumentType, type SentFax } from '../state';
import { addDays, nowIso } from '../time';

/** Sent faxes: send, list and get; also the queue a forwarded received fax joins. */

export const SENT_FAX_RETENTION_DAYS = 30;
export const FAX_FAILURE_MESSAGE = 'No answer from destination fax machine';

export const SENT_FAX_SORTS = {
	sent_at: 'sentAt',
	completed_at: 'completedAt',
	from_number: 'fromNumber',
	to_number: 'toNumber',
	sent_status: 'sentStatus',
	num_pages: 'numPages',
	patient_name: 'patientName',
	sender_name: 'senderName',
	recipient_name: 'recipientName',
} as const;

const sentFaxListQuery = {
	type: 'object',
	properties: {
		...pageQuery,
		from_number: e164,
		to_number: e164,
		patient_name: { type: 'string' },
		patient_dob: { type: 'string', format: 'date' },
		sender_name: { type: 'string' },
		recipient_name: { type: 'string' },
		date_start: dateQuery,
		date_end: dateQuery,
		is_test: booleanQuery,
		sort: { type: 'string', enum: Object.keys(SENT_FAX_SORTS) },
		sort_dir: { type: 'string', enum: ['asc', 'desc'] },
	},
};

function sendSentFaxCallback(rt: Runtime, fax: SentFax): void {
	if (!fax.callbackUrl) return;
	const payload = {
		sendToken: fax.sendToken,
		fromNumber: fax.fromNumber,
		toNumber: fax.toNumber,
		sentStatus: fax.sentStatus,
		sentAt: fax.sentAt,
		completedAt: fax.completedAt,
		numPages: fax.numPages,
		errorDetails: fax.errorDetails?.errorMessage ?? null,
		isTest: fax.isTest,
		secureLink: fax.secureLink,
	};
	sendFormCallback(rt, 'sentFax', fax.callbackUrl, payload);
}

/** Stores a new sent fax and starts its life (POST /sent_faxes, and forward_as_fax of a received fax). */
export function queueSentFax(
	rt: Runtime,
	input: {
		fromNumber: string;
		toNumber: string;
		data: Buffer;
		kind: FileKind;
		isTest: boolean;
		callbackUrl: string | null;
		patientName?: string | null;
		patientDob?: string | null;
		senderName?: string | null;
		recipientName?: string | null;
		note?: string | null;
		documentType?: DocumentType;
	},
): SentFax {
	const { state, files } = rt;
	const createdMs = Date.now();
	const expiresAt = addDays(createdMs, SENT_FAX_RETENTION_DAYS);
	const fax: SentFax = {
		seq: state.nextSeq(),
		sendToken: randomToken(),
		fromNumber: input.fromNumber,
		toNumber: input.toNumber,
		sentStatus: 'queued',
		sentAt: nowIso(createdMs),
		completedAt: null,
		numPages: countPages(input.data, input.kind),
		errorDetails: null,
		isTest: input.isTest,
		patientName: input.patientName ?? null,
		patientDob: input.patientDob ?? null,
		senderName: input.senderName ?? null,
		recipientName: input.recipientName ?? null,
		note: input.note ?? null,
		recordStatus: 'activated',
		documentType: input.documentType ?? 'both',
		expiry: nowIso(expiresAt),
		viewCount: 0,
		secureLink: null,
		callbackUrl: input.callbackUrl,
		file: input.data,
		kind: input.kind,
	};
	fax.secureLink = files.add(input.data, input.kind, expiresAt, () => {
		fax.viewCount++;
	}).url;
	state.sentFaxes.set(fax.sendToken, fax);
	scheduleDelivery(
		rt,
		() => {
			if (fax.sentStatus === 'queued') fax.sentStatus = 'inprogress';
		},
		() => {
			const failed = fax.toNumber.endsWith('0000');
			fax.sentStatus = failed ? 'failure' : 'success';
			fax.completedAt = nowIso();
			fax.errorDetails = failed ? { errorMessage: FAX_FAILURE_MESSAGE } : null;
			sendSentFaxCallback(rt, fax);
		},
	);
	return fax;
}

export function registerSentFaxRoutes(app: FastifyInstance, rt: Runtime): void {
	const { config, state } = rt;

	app.get('/api/v2/sent_faxes', { schema: { querystring: sentFaxListQuery } }, async (request) => {
		const q = request.query as Query;
		const range = dateRange(q);
		let items = [...state.sentFaxes.values()].filter(
			(f) =>
				equals(f.fromNumber, q.from_number) &&
				equals(f.toNumber, q.to_number) &&
				contains(f.patientName, q.patient_name) &&
				equals(f.patientDob, q.patient_dob) &&
				contains(f.senderName, q.sender_name) &&
				contains(f.recipientName, q.recipient_name) &&
				(q.is_test === undefined || f.isTest === (q.is_test === 'true')) &&
				inRange(f.sentAt, range),
		);
		const sort = SENT_FAX_SORTS[(q.sort ?? 'sent_at') as keyof typeof SENT_FAX_SORTS];
		items = sortBy(items, sort, (q.sort_dir ?? 'desc') as 'asc' | 'desc');
		const page = paginate(items, q);
		return { sentFaxes: page.items.map(sentFaxView), meta: page.meta };
	});

	app.post('/api/v2/sent_faxes', { config: { bodyKind: 'multipart' } }, async (request, reply) => {
		const body = await readMultipart(
			request,
			{
				text: [
					'from_number',
					'to_number',
					'callback_url',
					'patient_name',
					'patient_dob',
					'sender_name',
					'recipient_name',
					'note',
					'document_type',
				],
				files: ['file'],
			},
			config.maxUploadBytes,
		);
		const file = takeFile(body, 'pdfOrTiff', config.maxUploadBytes);
		const fromNumber = requiredText(body, 'from_number', isE164, MESSAGES.e164);
		const toNumber = requiredText(body, 'to_number', isE164, MESSAGES.e164);
		const callbackUrl = optionalChecked(body, 'callback_url', isHttpUrl, MESSAGES.uri);
		const patientDob = optionalChecked(body, 'patient_dob', isDate, MESSAGES.date);
		const documentType = optionalChecked(
			body,
			'document_type',
			(v) => (DOCUMENT_TYPES as string[]).includes(v),
			`must be one of: ${DOCUMENT_TYPES.join(', ')}`,
		);
		body.errors.throwIfAny();
		const fax = queueSentFax(rt, {
			fromNumber,
			toNumber,
			data: file!.data,
			kind: file!.kind,
			isTest: isTestRequest(request),
			callbackUrl,
			patientName: text(body, 'patient_name') ?? null,
			patientDob,
			senderName: text(body, 'sender_name') ?? null,
			recipientName: text(body, 'recipient_name') ?? null,
			note: text(body, 'note') ?? null,
			documentType: (documentType ?? 'both') as DocumentType,
		});
		return reply.status(201).send({ message: 'Fax queued for delivery', faxId: fax.sendToken });
	});

	app.get(
		'/api/v2/sent_faxes/:send_token',
		async (request: FastifyRequest<{ Params: { send_token: string } }>) => {
			const fax = state.sentFaxes.get(request.params.send_token);
			if (!fax) throw notFound(`Sent fax ${request.params.send_token} not found`);
			return sentFaxView(fax);
		},
	);
}
