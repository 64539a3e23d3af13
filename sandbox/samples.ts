import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors';

/**
 * Sample documents for new users and the example workflows, served without auth at
 * `GET <origin>/samples/<name>.pdf` so that n8n's HTTP Request node can fetch a PDF to fax, e-mail,
 * simulate as received or upload for AI extraction. Each is a small one-page PDF whose text is
 * stored uncompressed, so the sandbox's keyword extraction (README.md, "Sandbox behaviour", "AI extraction") sees it:
 *
 * | name               | contains      | documentClassification |
 * |--------------------|---------------|------------------------|
 * | referral.pdf       | REFERRAL      | referral               |
 * | prior-auth.pdf     | PRIOR AUTH    | prior_authorization    |
 * | lab-results.pdf    | neither       | medical_records        |
 */

/** A valid one-page PDF (Helvetica, one text line per entry), with a correct xref table. */
export function samplePdf(title: string, lines: string[]): Buffer {
	const escape = (text: string) => text.replace(/[()\\]/g, (c) => `\\${c}`);
	const text = [
		`/F1 16 Tf 72 720 Td (${escape(title)}) Tj`,
		'/F1 11 Tf 0 -28 Td',
		...lines.map((line) => `(${escape(line)}) Tj 0 -16 Td`),
	];
	const content = `BT\n${text.join('\n')}\nET`;
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	];
	let body = '%PDF-1.4\n';
	const offsets: number[] = [];
	objects.forEach((object, index) => {
		offsets.push(Buffer.byteLength(body, 'latin1'));
		body += `${index + 1} 0 obj\n${object}\nendobj\n`;
	});
	const xref = Buffer.byteLength(body, 'latin1');
	body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
	body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(body, 'latin1');
}

const PATIENT = ['Patient: Jane Q Sample    DOB: 1980-01-15    Member ID: SBX123456789'];

/** The sample documents by file name (fixed bytes: the same on every start). */
export const SAMPLES: Readonly<Record<string, Buffer>> = Object.freeze({
	'referral.pdf': samplePdf('REFERRAL - Cardiology consultation', [
		...PATIENT,
		'Referring provider: Dr. A. Example, Springfield Family Practice',
		'Reason: evaluation of hypertension (I10) with type 2 diabetes (E11.9).',
		'Please schedule within 2 weeks. Sandbox sample document, not a real record.',
	]),
	'prior-auth.pdf': samplePdf('PRIOR AUTH request - Lumbar spine MRI', [
		...PATIENT,
		'Requested service: MRI lumbar spine without contrast (CPT 72148)',
		'Diagnosis: low back pain (M54.5). Requested dates: 2025-01-01 to 2025-06-30.',
		'Sandbox sample document, not a real record.',
	]),
	'lab-results.pdf': samplePdf('Laboratory results', [
		...PATIENT,
		'HbA1c: 6.1 %    Fasting glucose: 104 mg/dL    LDL: 96 mg/dL',
		'Collected 2025-01-10, reported 2025-01-11.',
		'Sandbox sample document, not a real record.',
	]),
});

/** Registers `GET /samples/:name` (no Bearer auth; not part of /api/v2, so not in the request log). */
export function registerSamples(app: FastifyInstance): void {
	app.get(
		'/samples/:name',
		async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
			const name = request.params.name;
			const data = Object.prototype.hasOwnProperty.call(SAMPLES, name) ? SAMPLES[name] : undefined;
			if (!data)
				throw notFound(
					`No sample document "${name}"; the samples are ${Object.keys(SAMPLES).join(', ')}`,
				);
			return reply
				.header('Content-Type', 'application/pdf')
				.header('Content-Disposition', `inline; filename="${name}"`)
				.header('Cache-Control', 'no-store')
				.send(data);
		},
	);
}
