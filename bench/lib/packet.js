'use strict';
/**
 * 6. Joining documents (a fax packet): a cover page in front of a 300-page scanned PDF, in front of a
 * 200-page text PDF with object streams, and in front of that text PDF and a second document (three
 * documents), by ours (openDocument + joinDocuments from dist/, the cover rendered by renderCoverSheet),
 * pdf-lib (load, copyPages, save; without object streams and with its default) and qpdf (`qpdf --empty
 * --pages`). Node tools in fresh processes (lib/packet-child.js), qpdf as a process; the inputs are built
 * with the corpus builder the tests use (test/integration/pdf/corpus/corpus.ts).
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { performance } = require('perf_hooks');

const { quick, log, MB, check } = require('./config');
const { median, processPeakRss } = require('./measure');

const CHILD = path.join(__dirname, 'packet-child.js');
const CORPUS = path.join(
	__dirname,
	'..',
	'..',
	'test',
	'integration',
	'pdf',
	'corpus',
	'corpus.ts',
);
const TS_REGISTER = path.join(__dirname, '..', '..', 'test', 'sandbox', 'ts-register.js');

const num = (name, normal, small) => Number(process.env[name] || (quick ? small : normal));
const PACKET = {
	runs: num('BENCH_PACKET_RUNS', 5, 2), // timed joins per tool and input after the first (median reported)
	scanPages: num('BENCH_PACKET_SCAN_PAGES', 300, 300),
	scanResolution: 120, // dpi of the scans: about 110 KB a page, 32 MB for 300 pages
	scanQuality: 50,
	textPages: num('BENCH_PACKET_TEXT_PAGES', 200, 200),
	thirdPages: 30,
};

/** The cover page's fields: what the node passes for a referral (ours renders it in each join; the others read it rendered). */
const COVER = {
	to: 'Dr. Adams, Springfield Cardiology',
	toFax: '+12125550123',
	from: 'Clinic North',
	fromFax: '+14155550001',
	date: '2026-11-24',
	subject: 'Referral with records',
	confidentialityNotice: 'x',
};

const TOOLS = [
	{ name: 'ours', tool: 'ours' },
	{ name: 'pdf-lib (no object streams)', tool: 'pdf-lib', useObjectStreams: false },
	{ name: 'pdf-lib (default: object streams)', tool: 'pdf-lib', useObjectStreams: true },
	{ name: 'qpdf', tool: 'qpdf' },
];

const run = (command, args) =>
	spawnSync(command, args, { encoding: 'utf8', timeout: 300000, maxBuffer: 1 << 26 });

function runChild(mode, inputFile) {
	const child = spawnSync(process.execPath, ['--expose-gc', CHILD, mode, inputFile], {
		encoding: 'utf8',
		timeout: 600000,
	});
	if (child.status !== 0)
		throw new Error(
			`packet-child ${mode} failed (exit ${child.status}): ${child.stderr || child.error}`,
		);
	return JSON.parse(child.stdout.trim().split('\n').pop());
}

/** The inputs, built by the tests' corpus builder (TypeScript, loaded through the sandbox tests' register). */
async function buildInputs(directory, pdfModule) {
	require(TS_REGISTER);
	const corpus = require(CORPUS);
	const save = (name, bytes) => {
		const file = path.join(directory, name);
		fs.writeFileSync(file, bytes);
		return file;
	};
	const started = performance.now();
	const scanned = save(
		'scanned.pdf',
		await corpus.scannedDocument(directory, {
			pages: PACKET.scanPages,
			resolution: PACKET.scanResolution,
			quality: PACKET.scanQuality,
		}),
	);
	const text = save(
		'text.pdf',
		corpus.qpdf(directory, await corpus.pdfKitText(PACKET.textPages), [
			'--object-streams=generate',
		]),
	);
	const third = save('letter-jspdf.pdf', corpus.jsPdfDocument(PACKET.thirdPages, 40));
	log(
		`6. inputs built in ${((performance.now() - started) / 1000).toFixed(1)} s: scanned ${MB(fs.statSync(scanned).size)} MB, text ${MB(fs.statSync(text).size)} MB, jspdf ${MB(fs.statSync(third).size)} MB`,
	);
	const { renderCoverSheet } = require(pdfModule);
	const cover = (name, following) =>
		save(`cover-${name}.pdf`, renderCoverSheet(COVER, following).pdf);
	return [
		{ name: 'cover + 300-page scanned PDF', files: [scanned], pages: PACKET.scanPages },
		{ name: 'cover + 200-page text PDF (object streams)', files: [text], pages: PACKET.textPages },
		{
			name: 'three: cover + text PDF + jspdf PDF',
			files: [text, third],
			pages: PACKET.textPages + PACKET.thirdPages,
		},
	].map((input, index) => ({
		...input,
		key: ['scanned', 'text', 'three'][index],
		inputBytes: input.files.reduce((sum, file) => sum + fs.statSync(file).size, 0),
		coverFile: cover(['scanned', 'text', 'three'][index], input.pages),
	}));
}

function measureQpdf(input, outFile) {
	const args = ['--empty', '--pages', input.coverFile, ...input.files, '--', outFile];
	const times = [];
	for (let index = 0; index <= PACKET.runs; index++) {
		const started = performance.now();
		const result = run('qpdf', args);
		times.push(performance.now() - started);
		if (result.status !== 0) throw new Error(`qpdf ${args.join(' ')} failed: ${result.stderr}`);
	}
	return {
		firstMs: times[0],
		laterMs: times.slice(1),
		bytes: fs.statSync(outFile).size,
		...processPeakRss('qpdf', args),
	};
}

function measureNode(tool, input, outFile, pdfModule, directory) {
	const inputFile = path.join(directory, `${input.key}-${tool.name.replace(/\W+/g, '-')}.json`);
	fs.writeFileSync(
		inputFile,
		JSON.stringify({
			...tool,
			pdfModule,
			cover: COVER,
			coverFile: input.coverFile,
			files: input.files,
			runs: PACKET.runs,
			outFile,
		}),
	);
	const timing = runChild('time', inputFile);
	const memory = runChild('memory', inputFile);
	const baseline = runChild('baseline', inputFile);
	return {
		firstMs: timing.firstMs,
		laterMs: timing.laterMs,
		bytes: memory.bytes,
		peakRssBytes: memory.peakRssBytes,
		baselinePeakRssBytes: baseline.peakRssBytes,
		heapUsedGrowthBytes: memory.heapUsedGrowthBytes,
		arrayBuffersGrowthBytes: memory.arrayBuffersGrowthBytes,
		how: '/proc/self/status VmHWM',
	};
}

/** Every output: the page count (pdfinfo) and qpdf --check without warnings. */
function checkOutput(name, outFile, pages) {
	const info = run('pdfinfo', [outFile]);
	const counted = Number(/^Pages:\s+(\d+)$/m.exec(info.stdout)?.[1]);
	check(
		`${name}: ${pages} pages`,
		counted === pages,
		`pdfinfo: ${counted} (${info.stderr.slice(0, 200)})`,
	);
	const qpdf = run('qpdf', ['--check', outFile]);
	const output = `${qpdf.stdout}${qpdf.stderr}`;
	check(
		`${name}: qpdf --check`,
		qpdf.status === 0 &&
			!/warning/i.test(output) &&
			/No syntax or stream encoding errors found/.test(output),
		output.slice(0, 300),
	);
}

const ratio = (a, b) => (b > 0 ? a / b : NaN);

async function benchPacket(pdfModule) {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-packet-'));
	try {
		const inputs = await buildInputs(directory, pdfModule);
		const results = [];
		for (const input of inputs) {
			log(
				`6. ${input.name}: ${MB(input.inputBytes)} MB in, ${PACKET.runs} runs after the first per tool`,
			);
			const tools = {};
			for (const tool of TOOLS) {
				const outFile = path.join(
					directory,
					`${input.key}-${tool.name.replace(/\W+/g, '-')}.out.pdf`,
				);
				const measured =
					tool.tool === 'qpdf'
						? measureQpdf(input, outFile)
						: measureNode(tool, input, outFile, pdfModule, directory);
				const summary = {
					...measured,
					medianMs: median(measured.laterMs),
					runs: measured.laterMs.length,
				};
				checkOutput(`${input.name}, ${tool.name}`, outFile, input.pages + 1);
				log(
					`   ${tool.name}: first ${summary.firstMs.toFixed(0)} ms, median ${summary.medianMs.toFixed(0)} ms, peak RSS ${MB(summary.peakRssBytes)} MB, ${summary.bytes} bytes`,
				);
				tools[tool.name] = summary;
			}
			const ours = tools.ours;
			const pdfLib = tools['pdf-lib (no object streams)'];
			const pdfLibDefault = tools['pdf-lib (default: object streams)'];
			const qpdf = tools.qpdf;
			results.push({
				input: input.name,
				pages: input.pages + 1,
				inputBytes: input.inputBytes,
				tools,
				ratios: {
					timeVsPdfLib: ratio(ours.medianMs, pdfLib.medianMs),
					timeVsPdfLibDefault: ratio(ours.medianMs, pdfLibDefault.medianMs),
					timeVsQpdf: ratio(ours.medianMs, qpdf.medianMs),
					firstTimeVsPdfLib: ratio(ours.firstMs, pdfLib.firstMs),
					peakRssVsPdfLib: ratio(ours.peakRssBytes, pdfLib.peakRssBytes),
					peakRssVsPdfLibDefault: ratio(ours.peakRssBytes, pdfLibDefault.peakRssBytes),
					peakRssVsQpdf: ratio(ours.peakRssBytes, qpdf.peakRssBytes),
				},
			});
		}
		return { parameters: PACKET, inputs: results };
	} finally {
		fs.rmSync(directory, { recursive: true, force: true });
	}
}

module.exports = { benchPacket };
