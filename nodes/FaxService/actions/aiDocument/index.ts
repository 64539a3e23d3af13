import type { ResourceDefinition } from '../resource';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as upload from './upload.operation';

export const aiDocument: ResourceDefinition = {
	name: 'AI Document',
	value: 'aiDocument',
	defaultOperation: 'upload',
	operations: {
		upload: { ...upload, name: 'Upload', action: 'Upload a document for AI extraction', summary: 'Upload a PDF for asynchronous extraction and classification' },
		get: { ...get, name: 'Get', action: 'Get an AI document result', summary: 'Get the extracted fields and classification of a document' },
		getMany: { ...getMany, name: 'Get Many', action: 'Get many AI document results', summary: 'List the account\'s AI document results' },
	},
};
