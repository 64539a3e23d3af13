/**
 * What an AI suite's agent talks to besides n8n: a scripted OpenAI-compatible model server and a fast
 * sandbox whose account has a number with two faxes received today, from SENDER and OTHER_SENDER.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import { startModelServer, type ModelServer } from '../../harness/model-server';
import { freePorts } from './n8n-host';
import { provisionNumber, receiveFax, sandboxApi } from './sandbox-api';

export const SENDER = '+13105550111';
export const OTHER_SENDER = '+13105550222';

export interface AiServices {
	model: ModelServer;
	sandbox: Sandbox;
	/** the account's number, which both faxes were sent to */
	faxNumber: string;
	/** sendTokens: the referral from SENDER, the lab results from OTHER_SENDER */
	faxIds: { sender: string; other: string };
	/** the faxes' day (UTC, n8n's time zone here): what the model filters on, even if the test runs past midnight */
	today: string;
	stop(): Promise<void>;
}

export async function startAiServices(): Promise<AiServices> {
	const [modelPort] = await freePorts(1);
	const model = await startModelServer({ port: modelPort });
	const sandbox = await startSandbox({
		port: 0,
		timing: { inProgressAfterMs: 50, completeAfterMs: 100, aiCompleteAfterMs: 100 },
	});
	const api = sandboxApi(sandbox);
	const today = new Date().toISOString().slice(0, 10);
	const faxNumber = await provisionNumber(api);
	const faxIds = {
		sender: await receiveFax(api, faxNumber, SENDER, 'REFERRAL to cardiology'),
		other: await receiveFax(api, faxNumber, OTHER_SENDER, 'LAB RESULTS'),
	};
	return {
		model,
		sandbox,
		faxNumber,
		faxIds,
		today,
		stop: async () => {
			await sandbox.stop();
			await model.stop();
		},
	};
}
