'use strict';
/** The report printed at the end of a run: one table per part, the checks, where the JSON went. */

const path = require('path');

const { RECEIVE_VARIANTS, envLabel, MB, fixed } = require('./config');

function table(headers, rows) {
	const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
	const line = (cells) =>
		`| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
	return [
		line(headers),
		`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
		...rows.map(line),
	].join('\n');
}

function sendTable(send, p) {
	const rows = send.configs.map((c) => [
		`${c.latencyMs} ms`,
		c.n,
		Math.round(c.faxService.executionTimeMs),
		Math.round(c.httpRequest.executionTimeMs),
		`${fixed(c.ratios.executionTime, 2)}×`,
		MB(c.faxService.peakRssBytes),
		MB(c.httpRequest.peakRssBytes),
		`${fixed(c.ratios.peakRss, 2)}×`,
		c.faxService.maxInFlight === undefined
			? '–'
			: `${c.faxService.maxInFlight} / ${c.httpRequest.maxInFlight}`,
	]);
	return [
		`1. Sending faxes (${p.sendBytes ? `${p.sendBytes} bytes each` : 'the sample PDF'}; median of ${p.sendRepetitions} n8n execute runs per variant; ours with its default Requests in Parallel)`,
		table(
			[
				'service latency',
				'faxes',
				'ours ms',
				'HTTP Request ms',
				'time ratio',
				'ours peak RSS MB',
				'HTTP Request peak RSS MB',
				'memory ratio',
				'max in flight (ours / HTTP Request)',
			],
			rows,
		),
		'ratio: ours / HTTP Request node (below 1: ours is faster or smaller)',
		'',
	];
}

const RECEIVE_ORDER = RECEIVE_VARIANTS;

function receiveTable(receive, p, title) {
	const rows = RECEIVE_ORDER.filter((v) => receive.variants[v]).map((v) => {
		const s = receive.variants[v];
		return [
			s.label,
			fixed(s.requestsPerSec),
			fixed(s.p50Ms),
			fixed(s.p95Ms),
			s.non200Answers,
			fixed(s.completedPerSec),
			`${s.executionsRecorded} / ${s.callbacksSent}`,
			`${MB(s.rssGrowthPerBurstBytes)} (max ${MB(s.maxRssGrowthPerBurstBytes)})`,
		];
	});
	const r = receive.ratios;
	return [
		`${title}: ${p.callbacksPerBatch} signed callbacks × ${receive.rounds} rounds per variant, concurrency ${p.concurrency} (rates: median of rounds; latency: all rounds)`,
		table(
			[
				'variant',
				'req/s',
				'p50 ms',
				'p95 ms',
				'non-200',
				'completed/s',
				'executions / sent',
				'RSS growth per burst MB',
			],
			rows,
		),
		`Fax Service Trigger, completed/s: ${fixed(r.completedVsHandBuilt, 2)}× the hand-built route, ${fixed(r.completedVsFloor, 2)}× the do-nothing trigger, ` +
			`${fixed(r.completedVsWebhook, 2)}× the bare Webhook node; largest RSS growth per burst minus the hand-built route's: ${MB(r.maxRssGrowthMinusHandBuiltBytes)} MB`,
		'',
	];
}

function pairTable(pair, title, labels) {
	return [
		`${title} (median of ${pair.faxService.runs.length} n8n execute runs per variant)`,
		table(
			['variant', 'node executionTime ms', 'peak RSS MB (n8n execute)'],
			[
				[labels[0], pair.faxService],
				[labels[1], pair.httpRequest],
			].map(([name, s]) => [name, Math.round(s.executionTimeMs), MB(s.peakRssBytes)]),
		),
		`ratio (ours / HTTP Request): time ${fixed(pair.ratios.executionTime, 2)}×, peak memory ${fixed(pair.ratios.peakRss, 2)}× (${MB(pair.ratios.peakRssDifferenceBytes)} MB)`,
		'',
	];
}

function letterTable(letter, p) {
	const kB = (bytes) => (bytes / 1024).toFixed(1);
	const lo = letter.libreOffice;
	return [
		`5. Rendering a ${letter.pages}-page letter (Document Source: Text; ${letter.characters} characters, Letter, ${letter.fontSize} pt; renderLetter from dist/ in fresh Node processes; median of ${p.letterRuns} renders after the first)`,
		table(
			[
				'variant',
				'pages',
				'PDF bytes',
				'first render ms',
				'median ms',
				'peak RSS MB (child)',
				'peak RSS growth MB',
				'heap growth MB',
				'arrayBuffers growth kB',
			],
			letter.variants.map((v) => [
				v.variant,
				v.pages,
				v.bytes,
				fixed(v.firstMs),
				fixed(v.medianMs),
				MB(v.peakRssBytes),
				MB(v.peakRssGrowthBytes),
				MB(v.heapUsedGrowthBytes),
				kB(v.arrayBuffersGrowthBytes),
			]),
		),
		`peak RSS of a child that loads the module and reads the text without rendering: ${MB(letter.baseline.peakRssBytes)} MB. n8n has no PDF node: nothing inside n8n to compare with.`,
		!lo.installed
			? 'LibreOffice (soffice) is not installed here: no comparison with `soffice --headless --convert-to pdf`.'
			: lo.error
				? `LibreOffice failed: ${lo.error}`
				: `LibreOffice \`soffice --headless --convert-to pdf\` of the same text: first ${fixed(lo.firstMs)} ms, median ${fixed(lo.medianMs)} ms (${lo.runs} runs), ${lo.bytes} bytes`,
		'',
	];
}

function markdownTable(markdown, p) {
	const x = (value) => `${fixed(value, 2)}×`;
	return [
		`5b. Rendering a ${markdown.pages}-page Markdown letter (Text Format: Markdown; ${markdown.sections} visit sections of a heading, bold and italic runs, a nested list and a table; ${markdown.characters} characters; fresh Node processes; median of ${p.letterRuns} renders after the first)`,
		table(
			[
				'variant',
				'pages',
				'PDF bytes',
				'first render ms',
				'median ms',
				'peak RSS MB (child)',
				'peak RSS growth MB',
				'heap growth MB',
			],
			markdown.variants.map((v) => [
				v.variant,
				v.pages,
				v.bytes,
				fixed(v.firstMs),
				fixed(v.medianMs),
				MB(v.peakRssBytes),
				MB(v.peakRssGrowthBytes),
				MB(v.heapUsedGrowthBytes),
			]),
		),
		`ratios: Markdown / pdfkit ${x(markdown.ratios.timeVsPdfkit)} (median), ${x(markdown.ratios.firstVsPdfkit)} (first render); Markdown / the same text as Plain ${x(markdown.ratios.timeVsPlain)}. pdfkit compresses its content streams, ours are not compressed.`,
		'',
	];
}

function fontLetterTable(fonts, p) {
	const x = (value) => `${fixed(value, 2)}×`;
	const kB = (bytes) => (bytes === undefined ? '–' : (bytes / 1024).toFixed(1));
	return [
		`5c. A ${fonts.pages}-page letter in an embedded TrueType font against pdfkit with the same font file (Letter, ${fonts.fontSize} pt, 72 pt margins; fresh Node processes; median of ${p.letterRuns} renders after the first)`,
		table(
			[
				'letter (font)',
				'producer',
				'pages',
				'PDF bytes',
				'font program kB',
				'content streams kB',
				'first render ms',
				'median ms',
				'peak RSS MB (child)',
				'peak RSS growth MB',
				'heap growth MB',
			],
			fonts.letters.flatMap((letter) =>
				letter.producers.map((v) => [
					`${letter.letter} (${letter.font}, ${letter.characters} characters)`,
					v.producer,
					v.pages,
					v.bytes,
					kB(v.bytesByPart && v.bytesByPart.fontPrograms),
					kB(v.bytesByPart && v.bytesByPart.contentStreams),
					fixed(v.firstMs),
					fixed(v.medianMs),
					MB(v.peakRssBytes),
					MB(v.peakRssGrowthBytes),
					MB(v.heapUsedGrowthBytes),
				]),
			),
		),
		table(
			[
				'letter',
				'time ours/pdfkit (median)',
				'time ours/pdfkit (first)',
				'bytes ours/pdfkit',
				'peak RSS ours/pdfkit',
				'faster than pdfkit (median / first)',
				'bytes within 1.5×',
			],
			fonts.letters.map((letter) => [
				letter.letter,
				x(letter.ratios.timeVsPdfkit),
				x(letter.ratios.firstVsPdfkit),
				x(letter.ratios.bytesVsPdfkit),
				x(letter.ratios.peakRssVsPdfkit),
				[letter.aims.fasterThanPdfkitWarm, letter.aims.fasterThanPdfkitFirst]
					.map((yes) => (yes ? 'yes' : 'NO'))
					.join(' / '),
				letter.aims.bytesWithinAim ? 'yes' : 'NO',
			]),
		),
		"issues 46's and 56's aims, reported and not checked: faster than pdfkit (warm: the median; cold: the first render of a process), bytes at most 1.5× pdfkit's. Both compress their content streams (Flate).",
		...fonts.letters.filter((letter) => letter.note).map((letter) => letter.note),
		'',
	];
}

function packetTable(packet) {
	const p = packet.parameters;
	const x = (value) => `${fixed(value, 2)}×`;
	return [
		`6. Joining documents (a cover page in front; Node tools in fresh processes, files in and a file out; median of ${p.runs} joins after the first; qpdf as a process)`,
		table(
			[
				'input',
				'tool',
				'first ms',
				'median ms',
				'peak RSS MB',
				'over library loaded MB',
				'output bytes',
			],
			packet.inputs.flatMap((input) =>
				Object.entries(input.tools).map(([tool, s]) => [
					input.input,
					tool,
					fixed(s.firstMs, 0),
					fixed(s.medianMs, 0),
					MB(s.peakRssBytes),
					s.baselinePeakRssBytes === undefined ? '–' : MB(s.peakRssBytes - s.baselinePeakRssBytes),
					s.bytes,
				]),
			),
		),
		table(
			[
				'input',
				'pages',
				'MB in',
				'time ours/pdf-lib',
				'time ours/pdf-lib default',
				'time ours/qpdf',
				'peak RSS ours/pdf-lib',
				'peak RSS ours/pdf-lib default',
				'peak RSS ours/qpdf',
			],
			packet.inputs.map((input) => {
				const r = input.ratios;
				return [
					input.input,
					input.pages,
					MB(input.inputBytes),
					x(r.timeVsPdfLib),
					x(r.timeVsPdfLibDefault),
					x(r.timeVsQpdf),
					x(r.peakRssVsPdfLib),
					x(r.peakRssVsPdfLibDefault),
					x(r.peakRssVsQpdf),
				];
			}),
		),
		'ratios: ours / other, of the medians and of peak RSS (below 1: ours is faster or smaller); "pdf-lib" is save({ useObjectStreams: false }), the same kind of file as ours;',
		'"over library loaded": peak RSS minus that of a process that loaded the same library and joined nothing (qpdf: its whole peak is the join)',
		'',
	];
}

function imagesTable(images) {
	const p = images.parameters;
	const x = (value) => `${fixed(value, 2)}×`;
	const yes = (value) => (value ? 'yes' : 'NO');
	const streams = images.kinds.find((kind) => kind.jpegStreams)?.jpegStreams ?? {};
	return [
		`7. Images into one fax (one PDF per kind, Letter; Node tools in fresh processes, files in and a file out; median of ${p.runs} conversions after the first; img2pdf as a process; inputs built in ${fixed(images.buildMs / 1000)} s)`,
		table(
			[
				'input',
				'tool',
				'first ms',
				'median ms',
				'process ms',
				'peak RSS MB',
				'over library loaded MB',
				'output bytes',
			],
			images.kinds.flatMap((kind) =>
				Object.entries(kind.tools).map(([tool, s]) => [
					kind.input,
					tool,
					fixed(s.firstMs, 0),
					fixed(s.medianMs, 0),
					fixed(s.processMs, 0),
					MB(s.peakRssBytes),
					s.baselinePeakRssBytes === undefined ? '–' : MB(s.peakRssBytes - s.baselinePeakRssBytes),
					s.bytes,
				]),
			),
		),
		table(
			[
				'input',
				'pages',
				'MB in',
				'time ours/pdf-lib',
				'time ours/img2pdf',
				'process ours/img2pdf',
				'bytes ours/img2pdf',
				'bytes ours/pdf-lib',
				'peak RSS ours/pdf-lib',
				'peak RSS ours/img2pdf',
			],
			images.kinds.map((kind) => {
				const r = kind.ratios;
				return [
					kind.input,
					kind.pages,
					MB(kind.inputBytes),
					x(r.timeVsPdfLib),
					x(r.timeVsImg2pdf),
					x(r.processVsImg2pdf),
					x(r.bytesVsImg2pdf),
					x(r.bytesVsPdfLib),
					x(r.peakRssVsPdfLib),
					x(r.peakRssVsImg2pdf),
				];
			}),
		),
		'ratios: ours / other (below 1: ours is faster or smaller); "time" is ours warm against a whole img2pdf process, "process" is one conversion from process start to exit for both;',
		`JPEG streams with the files' tables, frame and scans byte for byte: ${Object.entries(streams)
			.map(
				([tool, s]) =>
					`${tool} ${s.sameScans}/${images.kinds[0].pages} (${s.metadataSegments} metadata segments left)`,
			)
			.join(', ')}; pages rendered as ours (mean difference in levels): ${images.kinds
			.flatMap((kind) =>
				kind.pixels.map(
					(px) => `${kind.kind} p${px.page} ${px.tool} ${fixed(px.meanDifference, 2)}`,
				),
			)
			.join(', ')}`,
		`issue 53's aims, reported and not checked: JPEG bytes within 1 % of img2pdf's ${yes(images.aims.jpegBytesWithin1PercentOfImg2pdf)}, faster than pdf-lib ${yes(images.aims.fasterThanPdfLib)}, less peak memory than both ${yes(images.aims.lessMemoryThanBoth)} (${images.versions.img2pdf}, pdf-lib ${images.versions.pdfLib})`,
		'',
	];
}

function report(result, resultsFile) {
	const { machine } = result;
	const failed = result.checks.filter((c) => !c.ok);
	return [
		`Machine: ${machine.cpus} × ${machine.cpuModel}, ${MB(machine.totalMemBytes)} MB RAM, load ${machine.loadAverageBefore.join(' ')} → ${machine.loadAverageAfter.join(' ')}`,
		machine.n8nVersion
			? `Node ${machine.node} (bench), ${machine.n8nNode} (n8n ${machine.n8nVersion}); binary data mode: ${machine.binaryDataMode}; PDF: ${machine.pdfSource}, ${machine.pdfBytes} bytes`
			: `Node ${machine.node} (bench); no n8n started (letter, markdown, fonts, packet and images parts only)`,
		'',
		...(result.send ? sendTable(result.send, result.parameters) : []),
		...(result.receive
			? receiveTable(result.receive, result.parameters, '2. Receiving, n8n defaults')
			: []),
		...(result.receiveTuned ?? []).flatMap((tuned) =>
			receiveTable(tuned, result.parameters, `2b. Receiving with ${envLabel(tuned.env)}`),
		),
		...(result.upload
			? pairTable(
					result.upload,
					`3. Uploading a ${MB(result.parameters.uploadBytes)} MB PDF for AI extraction`,
					['Fax Service: AI Document → Upload', 'HTTP Request: POST multipart'],
				)
			: []),
		...(result.returnAll
			? pairTable(
					result.returnAll,
					`4. Return All over ${result.parameters.returnAllTotal} sent faxes`,
					['Fax Service: Sent Fax → Get Many, Return All', 'HTTP Request pagination + Split Out'],
				)
			: []),
		...(result.letter ? letterTable(result.letter, result.parameters) : []),
		...(result.markdownLetter ? markdownTable(result.markdownLetter, result.parameters) : []),
		...(result.fontLetter ? fontLetterTable(result.fontLetter, result.parameters) : []),
		...(result.packet ? packetTable(result.packet) : []),
		...(result.images ? imagesTable(result.images) : []),
		failed.length === 0
			? `All ${result.checks.length} correctness checks passed.`
			: `${failed.length} of ${result.checks.length} checks FAILED:\n${failed.map((c) => `  - ${c.name}: ${c.detail}`).join('\n')}`,
		`Took ${Math.round(result.durationMs / 1000)} s. JSON: ${path.relative(process.cwd(), resultsFile)}`,
	].join('\n');
}

module.exports = { report };
