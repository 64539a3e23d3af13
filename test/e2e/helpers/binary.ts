import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

import type { N8nHostInstance } from './n8n-host';

/** The bytes n8n stored for a binary property: inline base64 (memory mode) or a file (filesystem mode). */
export function storedBinary(n8n: N8nHostInstance, binary: Record<string, string>): Buffer {
	if (!binary.id) return Buffer.from(binary.data, 'base64');
	const [, relative] = binary.id.split(':');
	const candidates = [
		join(n8n.userFolder, '.n8n', 'storage', relative),
		join(n8n.userFolder, '.n8n', 'binaryData', relative),
	];
	const found = candidates.find((candidate) => existsSync(candidate));
	if (!found) throw new Error(`Binary ${binary.id} not found under ${n8n.userFolder}`);
	return readFileSync(found);
}

/** The binary data of each item a node produced in an execution's stored run data (first run, output 0). */
export function binariesOf(
	run: { resultData: { runData: Record<string, unknown[]> } } | null,
	nodeName: string,
): Array<Record<string, Record<string, string>> | undefined> {
	const runs = run?.resultData.runData[nodeName] as
		| Array<{ data: { main: Array<Array<{ binary?: Record<string, Record<string, string>> }>> } }>
		| undefined;
	return (runs?.[0]?.data.main[0] ?? []).map((item) => item.binary);
}
