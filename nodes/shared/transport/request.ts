import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Answer } from './answers';
import type { MultipartBody } from './multipart';

/** One request to the service, as apiRequest takes it (and errors.ts describes it when it fails). */
export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/sent_faxes`. */
	path: string;
	qs?: IDataObject;
	json?: IDataObject;
	form?: Record<string, string>;
	multipart?: MultipartBody;
	itemIndex?: number;
	/** Names what a 404 did not find, e.g. `Sent fax "abc"`. */
	notFound?: string;
	/** What a 2xx answer must look like; anything else is an error. */
	answer: Answer;
}
