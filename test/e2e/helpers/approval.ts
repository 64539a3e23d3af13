/**
 * What the approval suites share: n8n's SMTP credential on the local receiver (test/harness/smtp-server.ts),
 * the two buttons of a Send and Wait approval e-mail, its text, and a GET made as a mail scanner or a
 * browser makes it.
 */
import { request as httpRequest } from 'http';

import type { ReceivedMail, SmtpServer } from '../../harness/smtp-server';
import { words } from '../../harness/pdf-reader';
import type { CredentialJson } from './n8n-host';

/** A desktop browser's User-Agent: what the approver's click sends. */
export const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** What link scanners send: no User-Agent at all, or an HTTP library's or a scanner's own. */
export const SCANNERS = [
	undefined,
	'curl/8.5.0',
	'python-requests/2.31.0',
	'Microsoft Office Existence Discovery',
];
/** The page n8n answers a recorded answer with (n8n-nodes-base, sendAndWait/email-templates). */
export const ACTION_RECORDED = 'Got it, thanks';

/** n8n's SMTP credential for the receiver: no TLS, no STARTTLS, no login. */
export const smtpCredential = (smtp: SmtpServer, name = 'SMTP account'): CredentialJson => ({
	name,
	type: 'smtp',
	data: {
		host: smtp.host,
		port: smtp.port,
		secure: false,
		disableStartTls: true,
		user: '',
		password: '',
	},
});

/** A GET with only the headers given (Node's http adds no User-Agent of its own). */
export function get(url: string, userAgent?: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			url,
			{ method: 'GET', headers: userAgent ? { 'user-agent': userAgent } : {} },
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						body: Buffer.concat(chunks).toString('utf8'),
					}),
				);
			},
		);
		req.on('error', reject);
		req.end();
	});
}

/** The approval e-mail's two buttons, and the waiting execution they answer. */
export function approvalLinks(mail: ReceivedMail): {
	approve: string;
	decline: string;
	executionId: string;
} {
	const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)]
		.map((match) => match[1].replace(/&amp;/g, '&'))
		.filter((href) => href.includes('/webhook-waiting/'));
	const approve = hrefs.find((href) => href.includes('approved=true'));
	const decline = hrefs.find((href) => href.includes('approved=false'));
	if (!approve || !decline) throw new Error(`the e-mail lacks a button: ${JSON.stringify(hrefs)}`);
	return { approve, decline, executionId: /\/webhook-waiting\/(\d+)\//.exec(approve)![1] };
}

/** The e-mail's HTML as the reader sees its text. */
export const mailText = (mail: ReceivedMail): string =>
	words(
		mail.html
			.replace(/<[^>]+>/g, ' ')
			.replace(/&amp;/g, '&')
			.replace(/&#x2F;/g, '/'),
	);
