/** What the suites of Document Source "Text" share: the letter the sandbox received, read back; the tool variant run as an agent runs it. */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { NODE_TYPE, runWorkflow } from '../harness/engine';
import type { ReadPdf } from '../harness/pdf-reader';
import { SOUND_PDF } from '../harness/pdf-reader';
import { AGENT_NODE_TYPE, TOOL_NODE_TYPE } from '../harness/tool';
import { credentialsFor, faxServiceNode } from '../harness/workflows';
import type { EngineSuite } from './fixtures';
import { NODE } from './fixtures';

/** The one file of a request the sandbox received: a PDF that passes qpdf --check, read back as text. */
export function receivedPdf(
	pdfs: { read(bytes: Buffer): ReadPdf },
	request: RecordedRequest,
): { text: string; pages: string[]; info: string; file: string } {
	expect(request.files).toHaveLength(1);
	expect(request.files[0]).toMatchObject({ field: 'file', mimetype: 'application/pdf' });
	const document = pdfs.read(request.files[0].data);
	expect(document.check).toEqual(SOUND_PDF);
	return {
		text: document.text,
		pages: document.pageTexts,
		info: document.info,
		file: document.file,
	};
}

/** The node's AI tool variant (faxServiceTool) called by an agent as n8n calls it, with `parameters`. */
export async function runAsTool(suite: EngineSuite, parameters: IDataObject) {
	const input: INode = {
		id: 'input',
		name: 'Input',
		type: NODE_TYPE.testInput,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: [{ json: {} }] as never },
	};
	const agent: INode = {
		id: 'agent',
		name: 'Test Agent',
		type: AGENT_NODE_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters: {},
	};
	return await runWorkflow({
		nodes: [input, agent, faxServiceNode(parameters as INodeParameters, { type: TOOL_NODE_TYPE })],
		connections: {
			Input: { main: [[{ node: 'Test Agent', type: 'main', index: 0 }]] },
			[NODE]: { ai_tool: [[{ node: 'Test Agent', type: 'ai_tool', index: 0 }]] },
		},
		credentials: credentialsFor(suite.sandbox),
		startNode: 'Input',
	});
}
