import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendFormCallback } from '../delivery';
import { badRequest, isHttpUrl, MESSAGES } from '../errors';
import { completeAiResult, pendingAiResult } from '../extraction';
import { randomToken } from '../files';
import { readMultipart, requiredText, takeFile } from '../multipart';
import type { Runtime } from '../runtime';
import { nowIso } from '../time';

/** AI documents: upload a PDF for extraction, list, get. */

/** Fixed by the spec (section 8). */
export const AI_MAX_BYTES = 52_428_800;

function sendAiCallback(
	rt: Runtime,
	doc: { result: Record<string, unknown>; callbackUrl: string },
): void {
	const payload = { aiResult: { ...doc.result } };
	sendFormCallback(rt, 'aiDocument', doc.callbackUrl, payload);
}

export function registerAiDocumentRoutes(app: FastifyInstance, rt: Runtime): void {
	const { config, state, scheduler } = rt;

	app.get('/api/v2/ai_documents', async () => ({
		aiDocuments: [...state.aiDocuments.values()].map((d) => ({ aiResult: { ...d.result } })),
	}));

	app.post(
		'/api/v2/ai_documents',
		{ config: { bodyKind: 'multipart' } },
		async (request, reply) => {
			const body = await readMultipart(
				request,
				{ text: ['callback_url'], files: ['file'] },
				AI_MAX_BYTES,
			);
			const file = takeFile(body, 'pdf', AI_MAX_BYTES);
			const callbackUrl = requiredText(body, 'callback_url', isHttpUrl, MESSAGES.uri);
			body.errors.throwIfAny();
			const aiToken = randomToken();
			const doc = {
				seq: state.nextSeq(),
				result: pendingAiResult(aiToken),
				callbackUrl,
				file: file!.data,
			};
			state.aiDocuments.set(aiToken, doc);
			scheduler.after(config.aiCompleteAfterMs, () => {
				doc.result = completeAiResult(aiToken, doc.file, nowIso());
				sendAiCallback(rt, doc);
			});
			return reply.status(201).send({ message: 'Document queued for AI processing', aiToken });
		},
	);

	app.get(
		'/api/v2/ai_documents/:ai_token',
		async (request: FastifyRequest<{ Params: { ai_token: string } }>) => {
			const doc = state.aiDocuments.get(request.params.ai_token);
			// Only 400 and 401 are documented for this operation (spec 7.4): an unknown token is a 400.
			if (!doc)
				throw badRequest({
					ai_token: [`${request.params.ai_token} does not match any AI document of this account`],
				});
			return { aiResult: { ...doc.result } };
		},
	);
}
