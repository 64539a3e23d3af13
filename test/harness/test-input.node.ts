import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

export interface TestInputItem {
	json: IDataObject;
	/** Binary fields to create through the engine's own prepareBinaryData. */
	binary?: Record<string, { base64: string; fileName?: string; mimeType?: string }>;
}

/**
 * Start node for engine tests: emits the items given in its `items` parameter, creating binary
 * data with the engine's helpers so it is stored the way the configured binary mode stores it.
 */
export class TestInput implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Input',
		name: 'testInput',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items for tests',
		defaults: { name: 'Test Input' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | TestInputItem[];
		const items: TestInputItem[] = typeof raw === 'string' ? JSON.parse(raw) : raw;
		const output: INodeExecutionData[] = [];
		for (const item of items) {
			const entry: INodeExecutionData = { json: item.json };
			if (item.binary) {
				entry.binary = {};
				for (const [name, file] of Object.entries(item.binary)) {
					entry.binary[name] = await this.helpers.prepareBinaryData(
						Buffer.from(file.base64, 'base64'),
						file.fileName,
						file.mimeType,
					);
				}
			}
			output.push(entry);
		}
		return [output];
	}
}
