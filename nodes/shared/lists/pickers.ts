import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { apiRequest } from '../transport';

/** Pickers that list the account's fax numbers and clients instead of asking for pasted ids. */

interface FaxNumberRecord {
	id: string;
	number: string;
	client?: { clientId: string; name: string } | null;
}

interface ClientRecord {
	clientId: string;
	name: string;
}

async function listFaxNumbers(ctx: ILoadOptionsFunctions): Promise<FaxNumberRecord[]> {
	const response = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/fax_numbers',
		answer: { list: 'faxNumbers', paged: false },
	});
	return response.faxNumbers as unknown as FaxNumberRecord[];
}

async function listClients(ctx: ILoadOptionsFunctions): Promise<ClientRecord[]> {
	const response = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/clients',
		answer: { list: 'clients', paged: false },
	});
	return response.clients as unknown as ClientRecord[];
}

const faxNumberLabel = (n: FaxNumberRecord) =>
	n.client?.name ? `${n.number} (${n.client.name})` : n.number;

function matches(filter: string | undefined, ...texts: string[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) => text.toLowerCase().includes(needle));
}

export const listSearch = {
	async searchFaxNumbersByNumber(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const numbers = await listFaxNumbers(this);
		return {
			results: numbers
				.filter((n) => matches(filter, n.number, n.client?.name ?? ''))
				.map((n) => ({ name: faxNumberLabel(n), value: n.number })),
		};
	},
	async searchFaxNumbers(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const numbers = await listFaxNumbers(this);
		return {
			results: numbers
				.filter((n) => matches(filter, n.number, n.client?.name ?? '', n.id))
				.map((n) => ({ name: faxNumberLabel(n), value: n.id })),
		};
	},
	async searchClients(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const clients = await listClients(this);
		return {
			results: clients
				.filter((c) => matches(filter, c.name, c.clientId))
				.map((c) => ({ name: c.name, value: c.clientId })),
		};
	},
};

export const loadOptions = {
	async getClients(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await listClients(this)).map((c) => ({ name: c.name, value: c.clientId }));
	},
	async getClientsOrNone(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const clients = (await listClients(this)).map((c) => ({ name: c.name, value: c.clientId }));
		return [{ name: 'No Client (Unassign)', value: '' }, ...clients];
	},
	async getFaxNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await listFaxNumbers(this)).map((n) => ({ name: faxNumberLabel(n), value: n.id }));
	},
};
