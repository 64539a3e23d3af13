import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

/** The Fax Service API credential: reading it, its keys, and keeping keys out of text. */

/** Which of the credential's keys: the test key or the live key. */
export type KeyEnvironment = 'test' | 'live';

export const CREDENTIAL_TYPE = 'faxServiceApi';

export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

export interface FaxServiceCredentials {
	baseUrl: string;
	authenticateWith: 'test' | 'live';
	testApiKey?: string;
	liveApiKey?: string;
}

const KEY_PREFIX = { test: 'sk_test_', live: 'sk_live_' } as const;
export const KEY_FIELD = { test: 'Test API Key', live: 'Live API Key' } as const;

function readCredentials(raw: ICredentialDataDecryptedObject): FaxServiceCredentials {
	return {
		baseUrl: String(raw.baseUrl ?? '').replace(/\/+$/, ''),
		authenticateWith: raw.authenticateWith === 'live' ? 'live' : 'test',
		testApiKey:
			typeof raw.testApiKey === 'string' && raw.testApiKey !== '' ? raw.testApiKey : undefined,
		liveApiKey:
			typeof raw.liveApiKey === 'string' && raw.liveApiKey !== '' ? raw.liveApiKey : undefined,
	};
}

/** Returns the key of one environment, or why it cannot be used; never the key in a message. */
export function keyFor(
	credentials: FaxServiceCredentials,
	environment: KeyEnvironment,
): { key: string } | { problem: string } {
	const key = environment === 'test' ? credentials.testApiKey : credentials.liveApiKey;
	if (!key) return { problem: `The credential has no ${KEY_FIELD[environment]}` };
	if (!key.startsWith(KEY_PREFIX[environment])) {
		return {
			problem: `The credential's ${KEY_FIELD[environment]} must start with ${KEY_PREFIX[environment]}`,
		};
	}
	return { key };
}

/** Removes both keys from any text that could reach output, errors or logs. */
export function redactKeys(text: string, credentials: FaxServiceCredentials): string {
	let result = text;
	for (const key of [credentials.testApiKey, credentials.liveApiKey]) {
		if (key) result = result.split(key).join('[redacted]');
	}
	return result;
}

/**
 * Reads the credential once per node execution context: decrypting it is one of the costlier steps
 * of a request, and a node run sends one request per item.
 */
const credentialsByContext = new WeakMap<object, Promise<FaxServiceCredentials>>();

export async function getFaxServiceCredentials(this: ApiContext): Promise<FaxServiceCredentials> {
	let credentials = credentialsByContext.get(this);
	if (!credentials) {
		credentials = this.getCredentials(CREDENTIAL_TYPE).then(readCredentials);
		credentialsByContext.set(this, credentials);
		credentials.catch(() => credentialsByContext.delete(this));
	}
	return await credentials;
}

/** Makes the next request of this context read the credential anew: a poll context lives as long as the activation, a poll must see a rotated key. */
export function forgetCredentials(this: ApiContext): void {
	credentialsByContext.delete(this);
}

/**
 * How long a trigger keeps a decrypted credential in this process's memory. n8n decrypts (and
 * resolves expressions in) a credential on every read, which under a callback burst costs more than
 * the rest of the verification; within this bound a removed or rotated key may still verify a
 * callback. Never stored anywhere but this process's memory.
 */
export const CREDENTIAL_REUSE_MS = 10_000;

/** A credential younger than this is not re-read after a failed verification (forged callbacks cannot force decryptions). */
const REREAD_AFTER_MS = 1_000;

interface RecentRead {
	credentials: Promise<FaxServiceCredentials>;
	readAt: number;
}

const recentReads = new Map<string, RecentRead>();

/** A reusable read of a webhook node's credential, with how old it is. */
export interface RecentCredentials {
	credentials: FaxServiceCredentials;
	/** Re-reads the credential unless this read is already fresh; resolves undefined when it was. */
	reread(): Promise<FaxServiceCredentials | undefined>;
}

/**
 * The credential of the node handling a webhook, decrypted at most once per CREDENTIAL_REUSE_MS per
 * node. `reread()` lets a caller whose verification failed pick up a key rotated a moment ago.
 */
export async function getRecentCredentials(this: IWebhookFunctions): Promise<RecentCredentials> {
	const credentialId = this.getNode().credentials?.[CREDENTIAL_TYPE]?.id;
	if (!credentialId) {
		const credentials = await getFaxServiceCredentials.call(this);
		return { credentials, reread: async () => undefined };
	}
	const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id}:${credentialId}`;
	const now = Date.now();
	for (const [key, entry] of recentReads)
		if (now - entry.readAt >= CREDENTIAL_REUSE_MS) recentReads.delete(key);

	const read = (): RecentRead => {
		const entry: RecentRead = {
			credentials: this.getCredentials(CREDENTIAL_TYPE).then(readCredentials),
			readAt: Date.now(),
		};
		recentReads.set(scope, entry);
		entry.credentials.catch(() => {
			if (recentReads.get(scope) === entry) recentReads.delete(scope);
		});
		return entry;
	};
	const entry = recentReads.get(scope) ?? read();
	return {
		credentials: await entry.credentials,
		reread: async () => {
			if (Date.now() - entry.readAt < REREAD_AFTER_MS) return undefined;
			const current = recentReads.get(scope);
			// Another request may have re-read it meanwhile: use that read rather than decrypt again.
			const fresh = current && current !== entry ? current : read();
			return await fresh.credentials;
		},
	};
}
