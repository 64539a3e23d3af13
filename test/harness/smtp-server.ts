/**
 * A local SMTP receiver for end-to-end tests of n8n's e-mail nodes (Send Email, its Send and Wait and
 * its Human in the Loop tool), over Node's `net` alone: it speaks the part of SMTP (RFC 5321) a client
 * like nodemailer needs without TLS or authentication (EHLO/HELO, MAIL, RCPT, DATA with dot-unstuffing,
 * RSET, NOOP, QUIT), keeps every message, and decodes the parts a test reads: headers (RFC 2047 words),
 * and each text part's body (quoted-printable or base64). n8n's SMTP credential for it: host 127.0.0.1,
 * its port, SSL/TLS off, Disable STARTTLS on, no user or password.
 */
import { createServer, type Socket } from 'net';
import type { AddressInfo } from 'net';
import { ceiling } from './machine';

export interface ReceivedMail {
	/** the envelope */
	from: string;
	to: string[];
	/** the message as sent (after dot-unstuffing) */
	raw: string;
	/** header names in lower case, values unfolded and RFC 2047 decoded */
	headers: Record<string, string>;
	subject: string;
	/** the decoded text/html part ('' if none) and the decoded text/plain part ('' if none) */
	html: string;
	text: string;
}

export interface SmtpServer {
	readonly host: string;
	readonly port: number;
	/** every message received, in arrival order */
	readonly messages: ReceivedMail[];
	/** resolves with the first message that matches once it has arrived, or rejects after `timeoutMs` naming what did */
	waitForMessage(
		matches: (mail: ReceivedMail) => boolean,
		timeoutMs?: number,
	): Promise<ReceivedMail>;
	stop(): Promise<void>;
}

const decodeQuotedPrintable = (text: string): Buffer => {
	const soft = text.replace(/=\r?\n/g, '');
	const bytes: number[] = [];
	for (let index = 0; index < soft.length; index++) {
		const hex = soft.slice(index + 1, index + 3);
		if (soft[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
			bytes.push(parseInt(hex, 16));
			index += 2;
		} else {
			bytes.push(...Buffer.from(soft[index], 'utf8'));
		}
	}
	return Buffer.from(bytes);
};

const decodeBody = (body: string, encoding: string): string => {
	if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body).toString('utf8');
	if (/base64/i.test(encoding))
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	return body;
};

/** RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=) in a header value. */
const decodeWords = (value: string): string =>
	value.replace(
		/=\?([^?]+)\?([QqBb])\?([^?]*)\?=(\s+(?==\?))?/g,
		(_all, _charset: string, kind: string, text: string) =>
			kind.toUpperCase() === 'B'
				? Buffer.from(text, 'base64').toString('utf8')
				: decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
	);

/** Splits a MIME entity into its headers and body. */
function parseEntity(entity: string): { headers: Record<string, string>; body: string } {
	const split = entity.search(/\r?\n\r?\n/);
	const head = split < 0 ? entity : entity.slice(0, split);
	const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
				line.slice(colon + 1).trim(),
			);
	}
	return { headers, body };
}

/** The decoded text parts of an entity, multipart or not. */
function textParts(entity: {
	headers: Record<string, string>;
	body: string;
}): Array<{ type: string; text: string }> {
	const type = entity.headers['content-type'] ?? 'text/plain';
	const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
	if (/^multipart\//i.test(type) && boundary) {
		const parts = entity.body.split(`--${boundary}`).slice(1);
		return parts
			.filter((part) => !part.startsWith('--'))
			.flatMap((part) => textParts(parseEntity(part.replace(/^\r?\n/, ''))));
	}
	if (!/^text\//i.test(type)) return [];
	return [
		{
			type: type.split(';')[0].trim().toLowerCase(),
			text: decodeBody(entity.body, entity.headers['content-transfer-encoding'] ?? ''),
		},
	];
}

export function parseMail(envelope: { from: string; to: string[] }, raw: string): ReceivedMail {
	const entity = parseEntity(raw);
	const parts = textParts(entity);
	return {
		...envelope,
		raw,
		headers: entity.headers,
		subject: entity.headers.subject ?? '',
		html: parts.find((part) => part.type === 'text/html')?.text ?? '',
		text: parts.find((part) => part.type === 'text/plain')?.text ?? '',
	};
}

export async function startSmtpServer(options: { port?: number } = {}): Promise<SmtpServer> {
	const messages: ReceivedMail[] = [];
	const waiters = new Set<() => void>();
	const sockets = new Set<Socket>();

	const server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => socket.destroy());
		socket.setEncoding('utf8');
		const reply = (line: string) => socket.write(`${line}\r\n`);
		let buffer = '';
		let envelope: { from: string; to: string[] } = { from: '', to: [] };
		let data: string[] | undefined;

		const command = (line: string) => {
			const verb = line.slice(0, 4).toUpperCase();
			if (verb === 'EHLO') reply('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8');
			else if (verb === 'HELO') reply('250 localhost');
			else if (verb === 'MAIL') {
				envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
				reply('250 OK');
			} else if (verb === 'RCPT') {
				envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
				reply('250 OK');
			} else if (verb === 'DATA') {
				data = [];
				reply('354 End data with <CR><LF>.<CR><LF>');
			} else if (verb === 'RSET') {
				envelope = { from: '', to: [] };
				reply('250 OK');
			} else if (verb === 'NOOP') reply('250 OK');
			else if (verb === 'QUIT') {
				reply('221 Bye');
				socket.end();
			} else reply('502 Command not implemented');
		};

		socket.on('data', (chunk: string) => {
			buffer += chunk;
			for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (!data) {
					command(line);
					continue;
				}
				if (line !== '.') {
					data.push(line.startsWith('.') ? line.slice(1) : line);
					continue;
				}
				messages.push(parseMail(envelope, data.join('\r\n')));
				data = undefined;
				reply('250 OK: queued');
				for (const wake of [...waiters]) wake();
			}
		});
		reply('220 localhost ESMTP test receiver');
	});
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return {
		host: '127.0.0.1',
		port,
		messages,
		waitForMessage(matches, timeoutMs = ceiling(60_000)) {
			return new Promise((resolve, reject) => {
				const check = () => {
					const found = messages.find(matches);
					if (!found) return;
					clearTimeout(timer);
					waiters.delete(check);
					resolve(found);
				};
				const timer = setTimeout(() => {
					waiters.delete(check);
					reject(
						new Error(
							`SMTP receiver: no matching message within ${timeoutMs} ms; received: ${JSON.stringify(messages.map((mail) => mail.subject))}`,
						),
					);
				}, timeoutMs);
				waiters.add(check);
				check();
			});
		},
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
