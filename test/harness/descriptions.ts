/**
 * What the package's nodes and credential show a user, read from their descriptions: every field (at any
 * depth of collections), every option of a choice, every resource and operation. The documentation's
 * names are checked against these.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { FaxServiceApi } from '../../credentials/FaxServiceApi.credentials';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';

export const NODE_DESCRIPTIONS: readonly INodeTypeDescription[] = [
	FaxService,
	FaxServiceTrigger,
	FaxServicePollTrigger,
].map((NodeClass: new () => INodeType) => new NodeClass().description);

export const CREDENTIAL: ICredentialType = new FaxServiceApi();

/** A field somewhere in a node's or the credential's description, with the path of collections above it. */
export interface Field {
	owner: string;
	property: INodeProperties;
	/** the display names of the collections it sits in, outermost first */
	within: string[];
	/** the top-level field it is, or sits in */
	root: INodeProperties;
}

const isOption = (entry: unknown): entry is INodePropertyOptions =>
	typeof entry === 'object' && entry !== null && 'value' in entry && !('type' in entry);
const isGroup = (entry: unknown): entry is INodePropertyCollection =>
	typeof entry === 'object' && entry !== null && 'values' in entry;

function* fieldsIn(
	owner: string,
	properties: readonly INodeProperties[],
	within: string[] = [],
	root?: INodeProperties,
): Generator<Field> {
	for (const property of properties) {
		const top = root ?? property;
		yield { owner, property, within, root: top };
		for (const entry of property.options ?? []) {
			if (isGroup(entry))
				yield* fieldsIn(
					owner,
					entry.values,
					[...within, property.displayName, entry.displayName],
					top,
				);
			else if (!isOption(entry))
				yield* fieldsIn(owner, [entry as INodeProperties], [...within, property.displayName], top);
		}
	}
}

/** Every field of every node and of the credential. */
export const ALL_FIELDS: readonly Field[] = [
	...NODE_DESCRIPTIONS.flatMap((node) => [...fieldsIn(node.displayName, node.properties)]),
	...fieldsIn(CREDENTIAL.displayName, CREDENTIAL.properties),
];

/** The options of a choice field (its name and value each). */
export const optionsOf = (property: INodeProperties): INodePropertyOptions[] =>
	(property.options ?? []).filter(isOption);

/** Every name a user sees: node, credential, field, group and option names. */
export const SHOWN_NAMES: ReadonlySet<string> = new Set([
	...NODE_DESCRIPTIONS.map((node) => node.displayName),
	CREDENTIAL.displayName,
	...ALL_FIELDS.flatMap(({ property }) => [
		property.displayName,
		...(property.options ?? []).map((entry) =>
			isOption(entry) ? entry.name : (entry as { displayName: string }).displayName,
		),
	]),
]);

/** The action node's resources by shown name, each with its operations' shown names. */
export function operationsByResource(): Map<string, string[]> {
	const [action] = NODE_DESCRIPTIONS;
	const resource = action.properties.find((p) => p.name === 'resource')!;
	const byResource = new Map<string, string[]>();
	for (const option of optionsOf(resource)) {
		const operations = new Set<string>();
		for (const property of action.properties.filter(
			(p) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource as unknown[] | undefined)?.includes(option.value),
		))
			for (const operation of optionsOf(property)) operations.add(operation.name);
		byResource.set(option.name, [...operations]);
	}
	return byResource;
}

/** The fields named `displayName` (in any node), with their defaults. */
export const fieldsNamed = (displayName: string): Field[] =>
	ALL_FIELDS.filter(({ property }) => property.displayName === displayName);
