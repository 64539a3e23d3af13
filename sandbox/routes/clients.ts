import { randomUUID } from 'crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../errors';
import type { Runtime } from '../runtime';
import type { Client } from '../state';
import { faxNumberUri } from './faxNumbers';

/** Clients: create (optionally taking a fax number), list, get, rename. */

const clientName = { type: 'string', pattern: '\\S' };

/** `{client: {…}}` with `name` required and no other fields than `properties` (spec 4.4). */
const clientBody = (properties: Record<string, unknown>) => ({
	type: 'object',
	required: ['client'],
	properties: {
		client: {
			type: 'object',
			required: ['name'],
			additionalProperties: false,
			properties: { name: clientName, ...properties },
		},
	},
});

const createClientBody = clientBody({
	fax_number_id: { type: ['string', 'null'], format: 'uuid' },
});

const renameClientBody = clientBody({});

export function registerClientRoutes(app: FastifyInstance, rt: Runtime): void {
	const { state } = rt;

	function clientView(c: Client) {
		const numbers = [...state.faxNumbers.values()].filter((n) => n.clientId === c.clientId);
		return {
			clientId: c.clientId,
			name: c.name,
			faxNumbers: numbers.map((n) => ({
				id: n.id,
				number: n.number,
				callbackUrl: n.callbackUrl,
				uri: faxNumberUri(rt, n),
			})),
		};
	}

	app.get('/api/v2/clients', async () => ({
		clients: [...state.clients.values()].map(clientView),
	}));

	app.post(
		'/api/v2/clients',
		{ config: { bodyKind: 'json' }, schema: { body: createClientBody } },
		async (
			request: FastifyRequest<{
				Body: { client: { name: string; fax_number_id?: string | null } };
			}>,
			reply,
		) => {
			const input = request.body.client;
			const number = input.fax_number_id ? state.faxNumbers.get(input.fax_number_id) : undefined;
			if (input.fax_number_id && !number) {
				throw badRequest({
					'client.fax_number_id': ['does not match any fax number of this account'],
				});
			}
			const client: Client = { seq: state.nextSeq(), clientId: randomUUID(), name: input.name };
			state.clients.set(client.clientId, client);
			if (number) number.clientId = client.clientId;
			return reply.status(201).send({ client: clientView(client) });
		},
	);

	app.get(
		'/api/v2/clients/:client_id',
		async (request: FastifyRequest<{ Params: { client_id: string } }>) => {
			const client = state.clients.get(request.params.client_id);
			if (!client) throw notFound(`Client ${request.params.client_id} not found`);
			return { client: clientView(client) };
		},
	);

	app.patch(
		'/api/v2/clients/:client_id',
		{ config: { bodyKind: 'json' }, schema: { body: renameClientBody } },
		async (
			request: FastifyRequest<{
				Params: { client_id: string };
				Body: { client: { name: string } };
			}>,
		) => {
			const client = state.clients.get(request.params.client_id);
			if (!client) throw notFound(`Client ${request.params.client_id} not found`);
			client.name = request.body.client.name;
			return { client: clientView(client) };
		},
	);
}
