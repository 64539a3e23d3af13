/**
 * What the patient-data suite (test/e2e/patient-data.test.ts) looks for and where: distinctive patient
 * values, n8n's console log split into entries (the package's own are those whose message starts
 * "Fax Service": every this.logger call in nodes/ does) and n8n's event log.
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
	/** the patient's name as a Greek and an Arabic letter write it: the letters refuse both (no font, no shaping) */
	nameGreek: 'Ζυξωφ Κουιλβράντ',
	nameArabic: 'زيكسوف كويلبراندت',
} as const;

/**
 * A refused name spelled out: each letter's code point as U+XXXX, as a JavaScript or JSON escape
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
	...spelledOut(PATIENT.nameArabic),
].map((value) => value.toLowerCase());

/** Which patient values (or parts of them) `text` contains. */
export function patientValuesIn(text: string): string[] {
	const lower = text.toLowerCase();
	return NEEDLES.filter((needle) => lower.includes(needle));
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
