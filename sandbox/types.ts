/** Public types of the sandbox (re-exported by sandbox/index.ts). */

export interface SandboxTiming {
	/** Delay from creation until a sent fax / e-mail becomes `inprogress`. */
	inProgressAfterMs?: number;
	/** Delay from creation until a sent fax / e-mail reaches `success` or `failure`. */
	completeAfterMs?: number;
	/** Delay from upload until an AI document has its result (and its callback is sent). */
	aiCompleteAfterMs?: number;
}

export interface SandboxOptions {
	/** Address to listen on; default '127.0.0.1'. */
	host?: string;
	/** Port; default 4010; 0 = random free port. */
	port?: number;
	/** The account's test key; default 'sk_test_sandbox'. */
	testKey?: string;
	/** The account's live key; default 'sk_live_sandbox'. */
	liveKey?: string;
	/** Fax numbers per account; reaching it answers 422. Default 5. */
	faxNumberLimit?: number;
	/** Delays of the asynchronous life; default 1000 / 3000 / 2000 ms. */
	timing?: SandboxTiming;
	/** Delays between callback attempts (fax, e-mail; AI only after no answer). Default 1 min, 5 min, 30 min, 1 h, 3 h. */
	callbackRetryScheduleMs?: number[];
	/** Time allowed for a callback receiver to answer; default 10000 ms. */
	callbackTimeoutMs?: number;
	/** Whether received faxes get the AI extraction fields; default true. */
	aiExtraction?: boolean;
	/** Size limit of fax, e-mail and test_receive uploads; default 20 MiB (AI documents: fixed 52,428,800 bytes). */
	maxUploadBytes?: number;
}

export interface RecordedFile {
	field: string;
	filename: string;
	mimetype: string;
	data: Buffer;
}

export interface RecordedRequest {
	method: string;
	/** Full request path as received, without the query string, e.g. '/api/v2/sent_faxes'. */
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	/** Parsed JSON or urlencoded body; for multipart the non-file fields as an object; undefined without a body. */
	body: unknown;
	files: RecordedFile[];
	/** HTTP status answered (0 until the answer is sent). */
	status: number;
}

export type CallbackType = 'sentFax' | 'receivedFax' | 'aiDocument' | 'email';

export interface CallbackAttempt {
	type: CallbackType;
	url: string;
	/** 1 for the first delivery, 2 for the first retry, ... */
	attempt: number;
	/** Content-Type header sent (multipart includes its boundary). */
	contentType: string;
	/** Exact body sent: a string for urlencoded bodies, a Buffer for multipart. */
	body: Buffer | string;
	/** X-Service-Signature header sent. */
	signature: string;
	/** HTTP status of the answer, or null on timeout / connection error. */
	status: number | null;
	error?: string;
	/** ISO time the attempt finished. */
	at: string;
}

export interface Sandbox {
	/** e.g. http://127.0.0.1:4010/api/v2 */
	baseUrl: string;
	/** e.g. http://127.0.0.1:4010 */
	origin: string;
	testKey: string;
	liveKey: string;
	/** Every request to /api/v2 in arrival order. */
	requests: RecordedRequest[];
	/** Every finished callback attempt in order. */
	callbackAttempts: CallbackAttempt[];
	/** Resolves with the attempts once predicate(attempts) holds; rejects after timeoutMs (default 5000). */
	waitForCallbacks(
		predicate: (a: CallbackAttempt[]) => boolean,
		timeoutMs?: number,
	): Promise<CallbackAttempt[]>;
	/** Waits until no status change, callback attempt or retry is pending. */
	settle(): Promise<void>;
	/** Clears every record, request and attempt, cancels timers and in-flight callbacks. */
	reset(): void;
	/** Closes the server and cancels all timers. */
	stop(): Promise<void>;
}
