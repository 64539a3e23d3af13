import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { ApiError, badRequest, envelope, mapValidationErrors, unauthorized } from './errors';
import { isApiPath, requestKeys, requestRecords } from './requests';
import { registerAiDocumentRoutes } from './routes/aiDocuments';
import { registerClientRoutes } from './routes/clients';
import { registerEmailRoutes } from './routes/emails';
import { registerFaxNumberRoutes } from './routes/faxNumbers';
import { registerFileRoutes } from './routes/files';
import { registerReceivedFaxRoutes } from './routes/receivedFaxes';
import { registerSentFaxRoutes } from './routes/sentFaxes';
import type { Runtime } from './runtime';
import { registerSamples } from './samples';
import { registerSampleFonts } from './sampleFonts';
import type { RecordedRequest } from './types';

/**
 * Assembles the sandbox's HTTP app: plugins, authentication and request logging, error answers,
 * then the routes, one module per resource in routes/. The names below are re-exported so that
 * everything the sandbox exposes stays importable from here.
 */

export type { ResolvedConfig, Runtime } from './runtime';
export { DEFAULT_PAGE_SIZE } from './lists';
export { AI_MAX_BYTES } from './routes/aiDocuments';
export { EMAIL_FAILURE } from './routes/emails';
export { UPGRADE_PATH } from './routes/faxNumbers';
export { RECEIVE_FAILURE_MESSAGE, SANDBOX_CALLER_NAME } from './routes/receivedFaxes';
export { FAX_FAILURE_MESSAGE, SENT_FAX_RETENTION_DAYS, SENT_FAX_SORTS } from './routes/sentFaxes';

type BodyKind = 'json' | 'form' | 'multipart';

declare module 'fastify' {
	interface FastifyContextConfig {
		/** Content type the route documents; anything else is a 400. */
		bodyKind?: 'json' | 'form' | 'multipart';
	}
}
const BODY_TYPES: Record<BodyKind, string> = {
	json: 'application/json',
	form: 'application/x-www-form-urlencoded',
	multipart: 'multipart/form-data',
};

export function buildApp(rt: Runtime): FastifyInstance {
	const { config } = rt;

	const app = Fastify({
		logger: false,
		exposeHeadRoutes: false,
		forceCloseConnections: true,
		ajv: {
			customOptions: {
				coerceTypes: false,
				removeAdditional: false,
				allErrors: true,
				useDefaults: false,
			},
		},
	});

	void app.register(formbody);
	// Oversized files are detected per part (file.truncated) so the whole body is consumed and a 400 answered.
	void app.register(multipart, {
		throwFileSizeLimit: false,
		limits: { fileSize: config.maxUploadBytes },
	});

	// Record every /api/v2 request and authenticate it.
	app.addHook('onRequest', async (request) => {
		const [path, search = ''] = request.url.split(/\?(.*)/s, 2);
		if (!isApiPath(path)) return;
		const query: Record<string, string> = {};
		for (const [k, v] of new URLSearchParams(search)) if (!(k in query)) query[k] = v;
		const record: RecordedRequest = {
			method: request.method,
			path,
			query,
			headers: { ...request.headers },
			body: undefined,
			files: [],
			status: 0,
		};
		rt.requests.push(record);
		requestRecords.set(request, record);

		const header = request.headers.authorization;
		if (!header)
			throw unauthorized('Missing API key: send the header "Authorization: Bearer <API_KEY>"');
		const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
		if (!match)
			throw unauthorized('The Authorization header must use the Bearer scheme: "Bearer <API_KEY>"');
		if (match[1] === config.testKey) requestKeys.set(request, 'test');
		else if (match[1] === config.liveKey) requestKeys.set(request, 'live');
		else throw unauthorized('Invalid API key');
	});

	// Record parsed bodies and require the content type each route documents.
	app.addHook('preValidation', async (request) => {
		const record = requestRecords.get(request);
		if (record && request.body !== undefined) record.body = request.body;
		const expected = request.routeOptions.config?.bodyKind;
		if (!expected) return;
		const type = String(request.headers['content-type'] ?? '')
			.split(';')[0]
			.trim()
			.toLowerCase();
		if (type !== BODY_TYPES[expected])
			throw badRequest(`Content-Type must be ${BODY_TYPES[expected]}`);
	});

	app.addHook('onSend', async (request, reply, payload) => {
		const record = requestRecords.get(request);
		if (record) record.status = reply.statusCode;
		return payload;
	});

	app.setErrorHandler((error: unknown, _request, reply) => {
		if (error instanceof ApiError) return reply.status(error.status).send(error.body);
		const e = error as {
			validation?: unknown[];
			validationContext?: string;
			statusCode?: number;
			message?: string;
		};
		if (e.validation) {
			return reply
				.status(400)
				.send(
					envelope(
						400,
						mapValidationErrors(e.validation as never[], e.validationContext ?? 'body'),
					),
				);
		}
		const status = e.statusCode ?? 500;
		if (status === 404) return reply.status(404).send(envelope(404, e.message ?? 'Not found'));
		if (status >= 400 && status < 500)
			return reply.status(400).send(envelope(400, e.message ?? 'Invalid request'));
		return reply.status(500).send(envelope(500, e.message ?? 'Internal error'));
	});

	app.setNotFoundHandler((request, reply) => {
		const path = request.url.split('?')[0];
		void reply.status(404).send(envelope(404, `No route for ${request.method} ${path}`));
	});

	registerFileRoutes(app, rt);
	registerSamples(app);
	registerSampleFonts(app);
	registerSentFaxRoutes(app, rt);
	registerReceivedFaxRoutes(app, rt);
	registerFaxNumberRoutes(app, rt);
	registerClientRoutes(app, rt);
	registerEmailRoutes(app, rt);
	registerAiDocumentRoutes(app, rt);

	return app;
}
