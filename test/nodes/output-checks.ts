/**
 * What the Output suites share (the Output option, Simplified / Raw / Selected Fields, of the operations
 * that read records): the service's own records to compare with, the Simplified rule, and their setup.
 */
import type { IDataObject } from 'n8n-workflow';

import { OMITTED_FIELDS, RECORD_KINDS } from '../../nodes/shared/records';
import type { Sandbox } from '../../sandbox';
import { useBinaryMode } from '../harness/engine';
import { api, seedNumber, startFastSandbox, startReceiver, type Receiver } from './fixtures';
import { ceiling } from '../harness/machine';

export const received = RECORD_KINDS.receivedFax;
export const aiResult = RECORD_KINDS.aiResult;

/** What the service answers for `path`, read directly: the records the node read. */
export async function serviceRecords(
	sandbox: Sandbox,
	path: string,
	key: string,
): Promise<IDataObject[]> {
	const body = (await api(sandbox, 'GET', path)).body;
	const list = body[key] as IDataObject[];
	return key === 'aiDocuments' ? list.map((entry) => entry.aiResult as IDataObject) : list;
}

export type Kind = { fields: readonly string[]; simplified?: readonly string[] };

/**
 * Simplified is Raw cut to the kind's fields, plus the names of the dropped fields that have a value
 * (a small kind stays whole); and Selected Fields offers every field the service returned.
 */
export function expectSimplified(simple: IDataObject, raw: IDataObject, kind: Kind) {
	expect(Object.keys(raw).filter((field) => !kind.fields.includes(field))).toEqual([]);
	const kept = kind.simplified;
	if (!kept) return expect(simple).toEqual(raw);
	const expected: IDataObject = {};
	for (const field of kept) if (field in raw) expected[field] = raw[field];
	const dropped = Object.keys(raw).filter(
		(field) => !kept.includes(field) && raw[field] !== null && raw[field] !== '',
	);
	expect(simple).toEqual({ ...expected, [OMITTED_FIELDS]: dropped });
}

/** Waits until `check` holds (records change while the sandbox delivers them: compare only settled ones). */
export async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + ceiling(15_000);
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

export async function waitForAiResults(sandbox: Sandbox, count: number): Promise<void> {
	await waitUntil(
		`${count} AI documents completed`,
		async () =>
			(await serviceRecords(sandbox, '/ai_documents', 'aiDocuments')).filter((r) => r.completedAt)
				.length >= count,
	);
}

export const bytesPerItem = (items: IDataObject[]) =>
	Math.round(
		items.reduce((sum, item) => sum + Buffer.byteLength(JSON.stringify(item)), 0) / items.length,
	);

/**
 * Registers the suites' hooks: a fast sandbox and a callback receiver for the file (binary data in
 * memory, n8n's default), and before each test a reset account with one fax number. Read the getters
 * inside tests.
 */
export function useOutputSuite(): {
	readonly sandbox: Sandbox;
	readonly receiver: Receiver;
	readonly accountNumber: string;
} {
	let sandbox: Sandbox | undefined;
	let receiver: Receiver | undefined;
	let accountNumber = '';
	beforeAll(async () => {
		await useBinaryMode('default');
		sandbox = await startFastSandbox();
		receiver = await startReceiver();
	});
	afterAll(async () => {
		await sandbox?.stop();
		await receiver?.close();
	});
	beforeEach(async () => {
		sandbox!.reset();
		accountNumber = String((await seedNumber(sandbox!, '212')).number);
	});
	return {
		get sandbox() {
			return sandbox!;
		},
		get receiver() {
			return receiver!;
		},
		get accountNumber() {
			return accountNumber;
		},
	};
}
