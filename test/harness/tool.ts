import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { deepCopy, NodeConnectionTypes } from 'n8n-workflow';

import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { registerNodeType } from './engine';

/**
 * The Fax Service as an AI agent's tool, run the way n8n runs one: n8n-core's getInputConnectionData
 * wraps the tool node (createNodeAsTool), and each call runs its execute() in a SupplyDataContext.
 */

export const TOOL_NODE_TYPE = 'n8n-nodes-fax-service.faxServiceTool';
export const AGENT_NODE_TYPE = 'test.agent';

/**
 * The tool variant n8n makes of a `usableAsTool` node: what n8n 2.41.1's convertNodeToAiTool
 * (packages/cli/src/tool-generation/ai-tools.ts) changes that execution reads: the name gets "Tool"
 * (n8n-workflow's displayParameter sets '@tool' from that), no main input, an ai_tool output.
 */
function faxServiceTool(): INodeType {
	const node = new FaxService();
	const description: INodeTypeDescription = deepCopy(node.description);
	description.name += 'Tool';
	description.displayName += ' Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	delete description.usableAsTool;
	node.description = description;
	return node;
}

/** An agent that calls its one tool once, with no arguments, and emits what the tool answered. */
class TestAgent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Agent',
		name: 'testAgent',
		group: ['transform'],
		version: 1,
		description: 'Calls its tool once',
		defaults: { name: 'Test Agent' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tool', required: true, maxConnections: 1 },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const tool = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as {
			invoke(args: IDataObject): Promise<string>;
		};
		const answer = JSON.parse(await tool.invoke({})) as IDataObject[];
		return [[{ json: { answer } }]];
	}
}

registerNodeType(TOOL_NODE_TYPE, faxServiceTool());
registerNodeType(AGENT_NODE_TYPE, new TestAgent());
