'use strict';
/** The PDFs the bench sends: the sandbox's sample (else a tiny one of our own), and large ones of an exact size, served over loopback. */

const http = require('http');

const FALLBACK_PDF = Buffer.from(
	'%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
		'3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n% REFERRAL bench document\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
	'latin1',
);

async function samplePdf(sandbox) {
	const url = `${sandbox.origin}/samples/referral.pdf`;
	const response = await fetch(url).catch(() => null);
	if (response && response.ok) {
		const bytes = Buffer.from(await response.arrayBuffer());
		if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
			return { url, bytes, source: 'sandbox /samples/referral.pdf', close: async () => {} };
	}
	const server = http.createServer((req, res) => {
		res.writeHead(200, {
			'content-type': 'application/pdf',
			'content-length': FALLBACK_PDF.length,
		});
		res.end(FALLBACK_PDF);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/referral.pdf`,
		bytes: FALLBACK_PDF,
		source: 'local bench server',
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** A valid-looking PDF of exactly `bytes` bytes (a comment padded to size). */
function largePdf(bytes) {
	const head = Buffer.from('%PDF-1.4\n% large bench document\n', 'latin1');
	const tail = Buffer.from('\n%%EOF\n', 'latin1');
	const body = Buffer.alloc(bytes - head.length - tail.length, '%');
	return Buffer.concat([head, body, tail]);
}

/** Serves one buffer over loopback (the large PDF the upload workflows download first). */
async function serveBuffer(bytes) {
	const server = http.createServer((req, res) => {
		res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
		res.end(bytes);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/large.pdf`,
		bytes,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

module.exports = { samplePdf, largePdf, serveBuffer };
