import type { FastifyInstance, FastifyRequest } from 'fastify';
import { computeSignature } from '../../nodes/shared/callbacks/signature';
import { callbackKey, scheduleDelivery, sendCallback } from '../delivery';
import { isDate, isEmail, isHttpUrl, MESSAGES, notFound } from '../errors';
import { randomToken } from '../files';
import { optionalChecked, readMultipart, requiredText, takeFile, text } from '../multipart';
import { isTestRequest } from '../requests';
import type { Runtime } from '../runtime';
import { emailView, type Email } from '../state';
import { addDays, nowIso } from '../time';

/** Secure-link e-mails: send and get. */

export const EMAIL_FAILURE = {
	errorCode: 'recipient_rejected',
	errorDetails: 'The recipient mail server rejected the message',
};

function sendEmailCallback(rt: Runtime, email: Email): void {
	if (!email.callbackUrl) return;
	const payload = emailView(email);
	// Not a verifiable contract (spec 6.6): HMAC of emailId + sentAt (or "null"), key per isTest.
	const key = callbackKey(rt, email.isTest ? 'test' : 'live');
	const signature = computeSignature(`${email.emailId}${email.sentAt ?? 'null'}`, key);
	sendCallback(rt, {
		type: 'email',
		url: email.callbackUrl,
		contentType: 'application/x-www-form-urlencoded',
		body: new URLSearchParams({ emailDetails: JSON.stringify(payload) }).toString(),
		signature,
	});
}

export function registerEmailRoutes(app: FastifyInstance, rt: Runtime): void {
	const { config, state, files } = rt;

	app.post('/api/v2/emails', { config: { bodyKind: 'multipart' } }, async (request, reply) => {
		const body = await readMultipart(
			request,
			{
				text: [
					'recipient_email',
					'expire_after',
					'recipient_name',
					'sender_name',
					'reply_to_email',
					'subject',
					'note',
					'patient_name',
					'patient_dob',
					'callback_url',
				],
				files: ['file'],
			},
			config.maxUploadBytes,
		);
		const file = takeFile(body, 'pdfOrTiff', config.maxUploadBytes);
		const recipientEmail = requiredText(body, 'recipient_email', isEmail, MESSAGES.email);
		const expireAfter = requiredText(
			body,
			'expire_after',
			(v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 180,
			'must be an integer from 1 to 180 (days)',
		);
		const replyTo = optionalChecked(
			body,
			'reply_to_email',
			(v) => v === '' || isEmail(v),
			MESSAGES.email,
		);
		const patientDob = optionalChecked(body, 'patient_dob', isDate, MESSAGES.date);
		const callbackUrl = optionalChecked(body, 'callback_url', isHttpUrl, MESSAGES.uri);
		body.errors.throwIfAny();

		const createdMs = Date.now();
		const expiresAt = addDays(createdMs, Number(expireAfter));
		const email: Email = {
			seq: state.nextSeq(),
			emailId: randomToken(),
			recipientEmail,
			recipientName: text(body, 'recipient_name') ?? null,
			senderName: text(body, 'sender_name') ?? null,
			replyToEmail: replyTo,
			subject: text(body, 'subject') ?? null,
			note: text(body, 'note') ?? null,
			patientName: text(body, 'patient_name') ?? null,
			patientDob,
			recordStatus: 'activated',
			emailStatus: 'queued',
			secureLink: null,
			expiry: nowIso(expiresAt),
			sentAt: null,
			lastViewedAt: null,
			isTest: isTestRequest(request),
			errorDetails: { errorCode: null, errorDetails: null },
			callbackUrl,
		};
		email.secureLink = files.add(file!.data, file!.kind, expiresAt, () => {
			email.lastViewedAt = nowIso();
		}).url;
		state.emails.set(email.emailId, email);
		scheduleDelivery(
			rt,
			() => {
				if (email.emailStatus === 'queued') email.emailStatus = 'inprogress';
			},
			() => {
				const failed = /^fail/i.test(email.recipientEmail);
				email.emailStatus = failed ? 'failure' : 'success';
				if (failed) email.errorDetails = { ...EMAIL_FAILURE };
				else email.sentAt = nowIso();
				sendEmailCallback(rt, email);
			},
		);
		return reply
			.status(201)
			.send({ message: 'E-mail queued for delivery', emailId: email.emailId });
	});

	app.get(
		'/api/v2/emails/:email_id',
		async (request: FastifyRequest<{ Params: { email_id: string } }>) => {
			const email = state.emails.get(request.params.email_id);
			if (!email) throw notFound(`E-mail ${request.params.email_id} not found`);
			return emailView(email);
		},
	);
}
