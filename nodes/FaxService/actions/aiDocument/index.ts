import { LEGACY_WAIT_OPERATION } from '../../../shared/callbacks';
import type { ResourceDefinition } from '../resourceDefinition';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as upload from './upload.operation';
import * as uploadAndWait from './uploadAndWait.operation';

export const aiDocument: ResourceDefinition = {
	name: 'AI Document',
	value: 'aiDocument',
	recordKind: 'aiResult',
	defaultOperation: 'upload',
	operations: {
		upload: {
			...upload,
			name: 'Upload',
			action: 'Upload a document for AI extraction',
			summary:
				'Upload the PDF or image of a binary field for extraction and classification (an image goes as a one-page PDF); returns its aiToken, to read the result with Get',
		},
		uploadAndWaitForResult: {
			...uploadAndWait,
			name: 'Upload and Wait for Result',
			action: 'Upload a document and wait for its AI result',
			summary:
				'Upload, then pause the execution until the AI callback and go on with the whole AI result (not in the AI tool: a tool call cannot wait)',
		},
		get: {
			...get,
			name: 'Get',
			action: 'Get an AI document result',
			summary: 'Get the extracted fields and classification of a document by its aiToken',
		},
		getMany: {
			...getMany,
			name: 'Get Many',
			action: 'Get many AI document results',
			summary: "List the account's AI document results",
		},
	},
	// 0.1.0 stored Upload and Wait as "sendAndWait" (see LEGACY_WAIT_OPERATION).
	legacyOperations: { [LEGACY_WAIT_OPERATION]: 'uploadAndWaitForResult' },
};
