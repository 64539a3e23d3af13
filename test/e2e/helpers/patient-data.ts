/**
 * What the patient-data suites (test/e2e/patient-data.test.ts, patient-data-rtl.test.ts) look for and
 * where: distinctive patient values, n8n's console log split into entries (the package's own are those
 * whose message starts "Fax Service": every this.logger call in nodes/ does) and n8n's event log.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import type { N8nExecution, N8nHostInstance } from './n8n-host';

/** Values nothing else in the suite or in n8n contains: any match is a copy of one of them. */
export const PATIENT = {
	name: 'Zyxwph Quillbrandt',
	dob: '1931-02-03',
	/** the same date in a form the node refuses */
	dobInvalid: '02/03/1931',
	note: 'Vrelltox flare, continue Quorvane 40 mg',
	senderName: 'Oswin Kettlebridge',
	recipientName: 'Marisol Vantreuil',
	email: 'zyxwph.quillbrandt@patients.example',
	subject: 'Quillbrandt biopsy results',
	memberId: 'QXM7710345',
	/** the patient's name as a Greek and a Thai letter write it: the letters refuse both (no font, no shaping) */
	nameGreek: 'Ζυξωφ Κουιλβράντ',
	nameThai: 'ซิกซ์วอฟ ควิลแบรนดท์',
} as const;

/** A patient of a letter in Hebrew (patient-data-rtl.test.ts): the letter writer prints it right to left. */
export const HEBREW_PATIENT = {
	name: 'דוד כהן',
	dob: '1942-07-19',
	/** the referral's reason: "allergic to penicillin" */
	note: 'אלרגי לפניצילין',
	recipientName: 'ד"ר רחל לוי',
} as const;

/**
 * A name spelled out: each letter's code point as U+XXXX, as a JavaScript or JSON escape
 * (\uXXXX) and as a decimal character reference. Any of them in a message rebuilds the name.
 */
function spelledOut(name: string): string[] {
	return [...new Set(name.replace(/\s/g, ''))].flatMap((letter) => {
		const codePoint = letter.codePointAt(0)!;
		const hex = codePoint.toString(16).padStart(4, '0');
		return [`u+${hex}`, `\\u${hex}`, `&#${codePoint};`];
	});
}

/** The whole values and their distinctive parts (a surname alone, or URL-encoded, is still a leak), case-insensitive. */
const NEEDLES = [
	...Object.values(PATIENT),
	'Zyxwph',
	'Quillbrandt',
	'Kettlebridge',
	'Vantreuil',
	'Vrelltox',
	'Quorvane',
	...spelledOut(PATIENT.nameGreek),
	...spelledOut(PATIENT.nameThai),
	...Object.values(HEBREW_PATIENT),
	'דוד',
	'כהן',
	'רחל',
	'לוי',
	'19420719',
	...spelledOut(HEBREW_PATIENT.name),
	...spelledOut(HEBREW_PATIENT.note),
].map((value) => value.toLowerCase());

/** Which patient values (or parts of them) `text` contains. */
export function patientValuesIn(text: string): string[] {
	const lower = text.toLowerCase();
	return NEEDLES.filter((needle) => lower.includes(needle));
}

/**
 * `text` (JSON, or a log entry printing JSON) without the `"parameters": { … }` objects in it: the
 * node's parameters, which n8n copies into a node's error (error.node) as the user typed them, and so
 * into its stored run data and its debug line "Workflow execution finished with error". What is left
 * is what anything else wrote.
 */
export function withoutNodeParameters(text: string): string {
	let kept = '';
	let from = 0;
	const key = /"parameters":\s*\{/g;
	for (let match = key.exec(text); match !== null; match = key.exec(text)) {
		if (match.index < from) continue;
		kept += text.slice(from, match.index);
		// The object's end: the brace that closes it, braces inside strings skipped.
		let [depth, index, inString] = [0, match.index + match[0].length - 1, false];
		for (; index < text.length; index++) {
			const character = text[index];
			if (inString) {
				if (character === '\\') index += 1;
				else if (character === '"') inString = false;
			} else if (character === '"') inString = true;
			else if (character === '{') depth += 1;
			else if (character === '}' && --depth === 0) break;
		}
		from = index + 1;
		key.lastIndex = from;
	}
	return kept + text.slice(from);
}

export interface LogEntry {
	level: string;
	/** the message and, for an entry of several lines, the lines after it */
	text: string;
}

/**
 * n8n's log entries. At debug level both hosts print "HH:MM:SS.mmm   level   message {metadata}"
 * (winston, the development format: the harness runs n8n without NODE_ENV, and with NO_COLOR); a
 * line without that prefix continues the entry before it.
 */
export function logEntries(log: string): LogEntry[] {
	const entries: LogEntry[] = [];
	for (const line of log.split('\n')) {
		const match = /^\d{2}:\d{2}:\d{2}\.\d{3} {3}(\w+) +(.*)$/.exec(line);
		if (match) entries.push({ level: match[1], text: match[2] });
		else if (entries.length > 0 && line.trim() !== '')
			entries[entries.length - 1].text += `\n${line}`;
	}
	return entries;
}

/** The entries the package wrote: their message starts with "Fax Service" (the lines after it included). */
export const packageEntries = (log: string): LogEntry[] =>
	logEntries(log).filter((entry) => entry.text.startsWith('Fax Service'));

export interface EventLogEvent {
	eventName: string;
	payload: Record<string, unknown>;
	[key: string]: unknown;
}

/** n8n's event log (n8nEventLog*.log in the instance's .n8n folder, one JSON message a line): its files, text and events. */
export function eventLog(n8n: N8nHostInstance): {
	files: string[];
	text: string;
	events: EventLogEvent[];
} {
	const folder = join(n8n.userFolder, '.n8n');
	const files = existsSync(folder)
		? readdirSync(folder)
				.filter((name) => /^n8nEventLog.*\.log$/.test(name))
				.map((name) => join(folder, name))
		: [];
	const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
	const events: EventLogEvent[] = [];
	for (const line of text.split('\n')) {
		if (!line.startsWith('{')) continue;
		try {
			const message = JSON.parse(line) as EventLogEvent;
			if (typeof message.eventName === 'string') events.push(message);
		} catch {
			// a line still being written
		}
	}
	return { files, text, events };
}

/** The error messages an execution stored: the execution's own and each node run's, as n8n saved them. */
export function errorMessagesOf(execution: N8nExecution): string[] {
	const messages: string[] = [];
	const add = (error: unknown) => {
		const message = (error as { message?: unknown } | undefined)?.message;
		if (message !== undefined) messages.push(String(message));
	};
	add(execution.data?.resultData.error);
	for (const runs of Object.values(execution.data?.resultData.runData ?? {}))
		for (const run of runs) add((run as { error?: unknown }).error);
	return messages;
}
