'use strict';
/**
 * 7. Images into one fax: 20 phone photos (JPEG 4032 x 3024) and 20 screenshots (PNG 1920 x 1080),
 * one PDF per kind, by ours (openDocument of each image on a Letter page, joinDocuments: what the
 * node's packet.ts does), pdf-lib (embedJpg / embedPng, save) and img2pdf (Debian's lossless
 * converter: `--pagesize Letter --border 36 --fit into --auto-orient`). Node tools in fresh processes
 * (lib/images-child.js), img2pdf as a process; inputs from lib/images-inputs.js; checks in
 * lib/images-checks.js.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { performance } = require('perf_hooks');

const { quick, log, MB } = require('./config');
const { median, processPeakRss } = require('./measure');
const { buildImageInputs, digestOf } = require('./images-inputs');
const { checkPdf, checkJpegStreams, checkSamePixels } = require('./images-checks');

const CHILD = path.join(__dirname, 'images-child.js');
const IMAGES = {
	runs: Number(process.env.BENCH_REPS || (quick ? 1 : 3)), // timed conversions after the first (median reported)
	photos: 20,
	screenshots: 20,
	img2pdfArgs: ['--pagesize', 'Letter', '--border', '36', '--fit', 'into', '--auto-orient'],
};

/**
 * The two inputs. Sample pages for the pixel check: a photo as taken (ours and pdf-lib turn it,
 * img2pdf makes a landscape page), a photo held upright (EXIF 6: pdf-lib reads no EXIF, so only
 * img2pdf is compared), an opaque screenshot and one with transparent corners.
 */
const KINDS = [
	{
		key: 'jpeg',
		name: '20 phone photos (JPEG 4032 × 3024)',
		samples: { 1: ['pdf-lib', 'img2pdf'], 2: ['img2pdf'] },
	},
	{
		key: 'png',
		name: '20 screenshots (PNG 1920 × 1080)',
		samples: { 1: ['pdf-lib', 'img2pdf'], 4: ['pdf-lib', 'img2pdf'] },
	},
];
const TOOLS = ['ours', 'pdf-lib', 'img2pdf'];

function runChild(mode, inputFile) {
	const started = performance.now();
	const child = spawnSync(process.execPath, ['--expose-gc', CHILD, mode, inputFile], {
		encoding: 'utf8',
		timeout: 900000,
	});
	const wallMs = performance.now() - started;
	if (child.status !== 0)
		throw new Error(
			`images-child ${mode} failed (exit ${child.status}): ${child.stderr || child.error}`,
		);
	return { ...JSON.parse(child.stdout.trim().split('\n').pop()), wallMs };
}

function measureNode(tool, kind, files, outFile, pdfModule, directory) {
	const inputFile = path.join(directory, `${kind.key}-${tool}.json`);
	fs.writeFileSync(
		inputFile,
		JSON.stringify({
			tool,
			pdfModule,
			files: files.map((file) => ({ file, kind: kind.key })),
			runs: IMAGES.runs,
			outFile,
		}),
	);
	const timing = runChild('time', inputFile);
	const memory = runChild('memory', inputFile);
	const baseline = runChild('baseline', inputFile);
	return {
		firstMs: timing.firstMs,
		laterMs: timing.laterMs,
		processMs: memory.wallMs,
		bytes: memory.bytes,
		peakRssBytes: memory.peakRssBytes,
		baselinePeakRssBytes: baseline.peakRssBytes,
		heapUsedGrowthBytes: memory.heapUsedGrowthBytes,
		arrayBuffersGrowthBytes: memory.arrayBuffersGrowthBytes,
		how: '/proc/self/status VmHWM',
	};
}

function measureImg2pdf(files, outFile) {
	const args = [...IMAGES.img2pdfArgs, '-o', outFile, ...files];
	const times = [];
	for (let index = 0; index <= IMAGES.runs; index++) {
		const started = performance.now();
		const result = spawnSync('img2pdf', args, { encoding: 'utf8', timeout: 600000 });
		times.push(performance.now() - started);
		if (result.status !== 0)
			throw new Error(`img2pdf failed (exit ${result.status}): ${result.stderr || result.error}`);
	}
	return {
		firstMs: times[0],
		laterMs: times.slice(1),
		processMs: median(times.slice(1)),
		bytes: fs.statSync(outFile).size,
		...processPeakRss('img2pdf', args),
	};
}

const ratio = (a, b) => (b > 0 ? a / b : NaN);

function benchKind(kind, files, pdfModule, directory) {
	const inputBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
	log(`7. ${kind.name}: ${MB(inputBytes)} MB in, ${IMAGES.runs} runs after the first per tool`);
	const tools = {};
	const outFiles = {};
	for (const tool of TOOLS) {
		const outFile = path.join(directory, `${kind.key}-${tool}.pdf`);
		const measured =
			tool === 'img2pdf'
				? measureImg2pdf(files, outFile)
				: measureNode(tool, kind, files, outFile, pdfModule, directory);
		const summary = {
			...measured,
			medianMs: median(measured.laterMs),
			runs: measured.laterMs.length,
		};
		checkPdf(`${kind.name}, ${tool}`, outFile, files.length);
		log(
			`   ${tool}: first ${summary.firstMs.toFixed(0)} ms, median ${summary.medianMs.toFixed(0)} ms, process ${summary.processMs.toFixed(0)} ms, peak RSS ${MB(summary.peakRssBytes)} MB, ${summary.bytes} bytes`,
		);
		tools[tool] = summary;
		outFiles[tool] = outFile;
	}
	const jpegStreams =
		kind.key !== 'jpeg'
			? undefined
			: Object.fromEntries(
					TOOLS.map((tool) => [
						tool,
						checkJpegStreams(
							`${kind.name}, ${tool}`,
							outFiles[tool],
							files,
							path.join(directory, 'extracted'),
							{
								wholeFile: tool !== 'ours',
							},
						),
					]),
				);
	const pixels = Object.entries(kind.samples).flatMap(([page, others]) =>
		others.map((tool) => ({
			page: Number(page),
			tool,
			...checkSamePixels(
				`${kind.name}, ${tool}`,
				outFiles.ours,
				outFiles[tool],
				Number(page),
				path.join(directory, 'pages'),
			),
		})),
	);
	const [ours, pdfLib, img2pdf] = TOOLS.map((tool) => tools[tool]);
	return {
		input: kind.name,
		kind: kind.key,
		pages: files.length,
		inputBytes,
		tools,
		jpegStreams,
		pixels,
		ratios: {
			timeVsPdfLib: ratio(ours.medianMs, pdfLib.medianMs),
			timeVsImg2pdf: ratio(ours.medianMs, img2pdf.medianMs),
			processVsImg2pdf: ratio(ours.processMs, img2pdf.processMs),
			bytesVsImg2pdf: ratio(ours.bytes, img2pdf.bytes),
			bytesVsPdfLib: ratio(ours.bytes, pdfLib.bytes),
			peakRssVsPdfLib: ratio(ours.peakRssBytes, pdfLib.peakRssBytes),
			peakRssVsImg2pdf: ratio(ours.peakRssBytes, img2pdf.peakRssBytes),
		},
	};
}

/** Issue 53's aims, reported and not checked: JPEG bytes within 1 % of img2pdf's, faster than pdf-lib, less memory than both. */
function aimsOf(kinds) {
	const jpeg = kinds.find((kind) => kind.kind === 'jpeg');
	return {
		jpegBytesWithin1PercentOfImg2pdf: Math.abs(jpeg.ratios.bytesVsImg2pdf - 1) <= 0.01,
		fasterThanPdfLib: kinds.every((kind) => kind.ratios.timeVsPdfLib < 1),
		lessMemoryThanBoth: kinds.every(
			(kind) => kind.ratios.peakRssVsPdfLib < 1 && kind.ratios.peakRssVsImg2pdf < 1,
		),
	};
}

function toolVersions() {
	const img2pdf = spawnSync('img2pdf', ['--version'], { encoding: 'utf8' });
	const pdfLib = JSON.parse(fs.readFileSync(require.resolve('pdf-lib/package.json'), 'utf8'));
	return { img2pdf: (img2pdf.stdout || img2pdf.stderr).trim(), pdfLib: pdfLib.version };
}

function benchImages(pdfModule) {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
	try {
		const started = performance.now();
		const inputs = buildImageInputs(directory, {
			photos: IMAGES.photos,
			screenshots: IMAGES.screenshots,
		});
		const buildMs = performance.now() - started;
		const photoFiles = inputs.photos.map((photo) => photo.file);
		const screenshotFiles = inputs.screenshots.map((screenshot) => screenshot.file);
		const inputDigest = digestOf([...photoFiles, ...screenshotFiles]);
		log(
			`7. inputs built in ${(buildMs / 1000).toFixed(1)} s (SHA-256 of all: ${inputDigest.slice(0, 16)}…)`,
		);
		const kinds = [
			benchKind(KINDS[0], photoFiles, pdfModule, directory),
			benchKind(KINDS[1], screenshotFiles, pdfModule, directory),
		];
		return {
			parameters: { ...IMAGES, orientations: inputs.photos.map((photo) => photo.orientation) },
			versions: toolVersions(),
			buildMs,
			inputDigest,
			kinds,
			aims: aimsOf(kinds),
		};
	} finally {
		fs.rmSync(directory, { recursive: true, force: true });
	}
}

module.exports = { benchImages };
