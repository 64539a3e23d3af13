import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Expression, ICredentialsHelper } from 'n8n-workflow';
import { Credentials } from 'n8n-core';

/**
 * The engine's credentials helper for tests: hands out the test's decrypted credentials and
 * applies a credential type's declarative `authenticate` block the way n8n's own helper does
 * (expressions resolved against `$credentials`), so requests are authenticated by the
 * credential class under test, not by the test.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly expression = new Expression('UTC');

	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	resolve(value: unknown, credentials: ICredentialDataDecryptedObject): unknown {
		if (typeof value !== 'string' || !value.startsWith('=')) return value;
		return this.expression.resolveSimpleParameterValue(value, {
			$credentials: credentials,
		} as never);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		const options = requestOptions as IHttpRequestOptions;
		if (!type?.authenticate) return options;
		if (typeof type.authenticate === 'function')
			return await type.authenticate(credentials, options);
		if (type.authenticate.type !== 'generic') return options;
		const target = options as unknown as Record<string, Record<string, unknown>>;
		for (const [part, entries] of Object.entries(type.authenticate.properties)) {
			target[part] = { ...(target[part] ?? {}) };
			for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
				target[part][String(this.resolve(key, credentials))] = this.resolve(value, credentials);
			}
		}
		return options;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return { ...data };
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		return new Credentials(nodeCredentials, type, '');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}
