import type { FileStore } from './files';
import type { Scheduler } from './scheduler';
import type { AccountState } from './state';
import type { CallbackAttempt, RecordedRequest } from './types';

/** The options of one sandbox run with every default applied (sandbox/index.ts resolves them). */
export interface ResolvedConfig {
	testKey: string;
	liveKey: string;
	faxNumberLimit: number;
	inProgressAfterMs: number;
	completeAfterMs: number;
	aiCompleteAfterMs: number;
	callbackRetryScheduleMs: number[];
	callbackTimeoutMs: number;
	aiExtraction: boolean;
	maxUploadBytes: number;
}

/** One running sandbox as the routes see it: its configuration, account, files, timers and logs. */
export interface Runtime {
	config: ResolvedConfig;
	state: AccountState;
	files: FileStore;
	scheduler: Scheduler;
	requests: RecordedRequest[];
	recordAttempt: (attempt: CallbackAttempt) => void;
	origin: () => string;
}
