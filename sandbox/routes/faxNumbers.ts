import { randomUUID } from 'crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest, notFound } from '../errors';
import { API_PREFIX } from '../requests';
import type { Runtime } from '../runtime';
import type { FaxNumber } from '../state';
import { nowIso } from '../time';

/** Fax numbers: provision (up to the account's limit), list, get, update. */

export const UPGRADE_PATH = '/account/upgrade';

const callbackUrlSchema = {
	type: ['string', 'null'],
	format: 'uri',
	pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
};

const createFaxNumberBody = {
	type: 'object',
	required: ['fax_number'],
	properties: {
		fax_number: {
			type: 'object',
			required: ['area_code'],
			properties: {
				area_code: { type: 'string', pattern: '^\\d{3}$' },
				callback_url: callbackUrlSchema,
				client_id: { type: 'string', format: 'uuid' },
			},
		},
	},
};

const updateFaxNumberBody = {
	type: 'object',
	required: ['fax_number'],
	properties: {
		fax_number: {
			type: 'object',
			minProperties: 1,
			additionalProperties: false,
			properties: {
				callback_url: callbackUrlSchema,
				client_id: { type: ['string', 'null'], format: 'uuid' },
			},
		},
	},
};

/** A fax number's `uri`, also shown in the fax numbers of a client. */
export function faxNumberUri(rt: Runtime, n: FaxNumber): string {
	return `${rt.origin()}${API_PREFIX}/fax_numbers/${n.id}`;
}

export function registerFaxNumberRoutes(app: FastifyInstance, rt: Runtime): void {
	const { config, state } = rt;

	function faxNumberView(n: FaxNumber) {
		const client = n.clientId ? state.clients.get(n.clientId) : undefined;
		return {
			id: n.id,
			number: n.number,
			callbackUrl: n.callbackUrl,
			createdAt: n.createdAt,
			client: client ? { clientId: client.clientId, name: client.name } : null,
			uri: faxNumberUri(rt, n),
		};
	}

	function newNumber(areaCode: string): string | null {
		const taken = new Set([...state.faxNumbers.values()].map((n) => n.number));
		for (let i = 1; i <= 9999; i++) {
			const candidate = `+1${areaCode}555${String(i).padStart(4, '0')}`;
			if (!taken.has(candidate)) return candidate;
		}
		return null;
	}

	app.get('/api/v2/fax_numbers', async () => ({
		faxNumbers: [...state.faxNumbers.values()].map(faxNumberView),
	}));

	app.post(
		'/api/v2/fax_numbers',
		{ config: { bodyKind: 'json' }, schema: { body: createFaxNumberBody } },
		async (
			request: FastifyRequest<{
				Body: {
					fax_number: { area_code: string; callback_url?: string | null; client_id?: string };
				};
			}>,
			reply,
		) => {
			const input = request.body.fax_number;
			if (input.client_id !== undefined && !state.clients.has(input.client_id)) {
				throw badRequest({ 'fax_number.client_id': ['does not match any client of this account'] });
			}
			const number =
				state.faxNumbers.size < config.faxNumberLimit ? newNumber(input.area_code) : null;
			if (number === null) {
				throw new ApiError(422, {
					error: `Fax number limit reached: this account may hold ${config.faxNumberLimit} fax numbers. Upgrade the account to provision more.`,
					upgradePath: UPGRADE_PATH,
				});
			}
			const record: FaxNumber = {
				seq: state.nextSeq(),
				id: randomUUID(),
				number,
				callbackUrl: input.callback_url ?? null,
				createdAt: nowIso(),
				clientId: input.client_id ?? null,
			};
			state.faxNumbers.set(record.id, record);
			return reply.status(201).send({ faxNumber: faxNumberView(record) });
		},
	);

	app.get(
		'/api/v2/fax_numbers/:slug',
		async (request: FastifyRequest<{ Params: { slug: string } }>) => {
			const n = state.faxNumbers.get(request.params.slug);
			if (!n) throw notFound(`Fax number ${request.params.slug} not found`);
			return { faxNumber: faxNumberView(n) };
		},
	);

	app.patch(
		'/api/v2/fax_numbers/:slug',
		{ config: { bodyKind: 'json' }, schema: { body: updateFaxNumberBody } },
		async (
			request: FastifyRequest<{
				Params: { slug: string };
				Body: { fax_number: { callback_url?: string | null; client_id?: string | null } };
			}>,
		) => {
			const n = state.faxNumbers.get(request.params.slug);
			if (!n) throw notFound(`Fax number ${request.params.slug} not found`);
			const input = request.body.fax_number;
			if (typeof input.client_id === 'string' && !state.clients.has(input.client_id)) {
				throw badRequest({ 'fax_number.client_id': ['does not match any client of this account'] });
			}
			if (input.callback_url !== undefined) n.callbackUrl = input.callback_url;
			if (input.client_id !== undefined) n.clientId = input.client_id;
			return { faxNumber: faxNumberView(n) };
		},
	);
}
