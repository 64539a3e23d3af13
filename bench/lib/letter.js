'use strict';
/**
 * 5. Rendering a 50-page letter (Document Source: Text): renderLetter from dist/, without and with a
 * cover page, Letter size, each measured in fresh Node processes (lib/letter-child.js). n8n has no
 * PDF node, so there is nothing inside n8n to compare with; LibreOffice's converter is timed on the
 * same text when `soffice` is installed.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { performance } = require('perf_hooks');

const { PARAMS, log, MB, check } = require('./config');
const { median } = require('./measure');

const CHILD = path.join(__dirname, 'letter-child.js');

/** A paragraph of a long clinical letter; `n` keeps each one distinct (pdftotext finds the last). */
const paragraph = (n) =>
	`${n}. Visit summary. The patient was seen in clinic for follow-up of hypertension and type 2 diabetes. ` +
	`Blood pressure was 142/88 mmHg (± 4 mmHg over three readings), heart rate 72, weight 84.2 kg. HbA1c 7.4 %, ` +
	'creatinine 1.1 mg/dL, eGFR 68. Metformin 1000 mg twice daily and lisinopril 20 mg once daily are continued; ' +
	'amlodipine 5 mg was added. She reports no chest pain, dyspnoea or oedema, and walks 30 minutes most days. ' +
	`Plan: repeat renal panel in six weeks, retinal screening at the next visit, review by Dr. Müller in clinic ${n}.`;

const letterText = (paragraphs) =>
	[
		'Dear Dr. Adams,',
		'',
		...Array.from({ length: paragraphs }, (_, i) => [paragraph(i + 1), '']).flat(),
		'Kind regards,',
		'',
		'Clinic North',
	].join('\n');

/** The smallest count (of paragraphs, sections…) for which `pagesOf(count)` reaches `pages`: a binary search. */
function fewestReaching(pages, pagesOf) {
	let low = 1;
	let high = 8;
	while (pagesOf(high) < pages) high *= 2;
	while (low < high) {
		const mid = Math.floor((low + high) / 2);
		if (pagesOf(mid) < pages) low = mid + 1;
		else high = mid;
	}
	return low;
}

/** The number of paragraphs that makes exactly `pages` pages (Letter, 11 pt, no cover page). */
function textOfPages(renderLetter, pages) {
	const pagesOf = (count) => renderLetter(letterText(count), { pageSize: 'letter' }).pages;
	const low = fewestReaching(pages, pagesOf);
	if (pagesOf(low) !== pages) throw new Error(`no paragraph count gives exactly ${pages} pages`);
	return { text: letterText(low), paragraphs: low };
}

/** A measured child (letter-child.js unless `childScript`) in `mode`; its last line of output, parsed. */
function runChild(mode, inputFile, childScript = CHILD) {
	const child = spawnSync(process.execPath, ['--expose-gc', childScript, mode, inputFile], {
		encoding: 'utf8',
		timeout: 300000,
	});
	if (child.status !== 0)
		throw new Error(
			`${path.basename(childScript)} ${mode} failed (exit ${child.status}): ${child.stderr || child.error}`,
		);
	return JSON.parse(child.stdout.trim().split('\n').pop());
}

const tool = (command, args) => spawnSync(command, args, { encoding: 'utf8', timeout: 120000 });
const installed = (command) => !tool(command, ['--version']).error;

/** The check that qpdf finds `file` sound, when qpdf is installed. */
function checkQpdf(name, file) {
	if (!installed('qpdf')) return;
	const qpdf = tool('qpdf', ['--check', file]);
	check(
		`${name}: qpdf --check`,
		qpdf.status === 0 && /No syntax or stream encoding errors found/.test(qpdf.stdout),
		`${qpdf.stdout}${qpdf.stderr}`.slice(0, 300),
	);
}

/** LibreOffice's `soffice --headless --convert-to pdf` of the same text, when it is installed. */
function libreOffice(textFile, directory, runs) {
	if (!installed('soffice')) return { installed: false };
	const times = [];
	const outFile = path.join(directory, `${path.basename(textFile, '.txt')}.pdf`);
	for (let run = 0; run <= runs; run++) {
		const started = performance.now();
		const result = tool('soffice', [
			'--headless',
			'--convert-to',
			'pdf',
			'--outdir',
			directory,
			textFile,
		]);
		times.push(performance.now() - started);
		if (result.status !== 0 || !fs.existsSync(outFile))
			return { installed: true, error: `exit ${result.status}: ${result.stderr}` };
	}
	return {
		installed: true,
		firstMs: times[0],
		medianMs: median(times.slice(1)),
		runs,
		bytes: fs.statSync(outFile).size,
	};
}

function benchLetter(pdfModule) {
	const { renderLetter, DEFAULT_CONFIDENTIALITY_NOTICE } = require(pdfModule);
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-letter-'));
	try {
		const { text, paragraphs } = textOfPages(renderLetter, PARAMS.letterPages);
		const textFile = path.join(directory, 'letter.txt');
		fs.writeFileSync(textFile, text);
		log(
			`5. rendering a ${PARAMS.letterPages}-page letter (${paragraphs} paragraphs, ${text.length} characters): ${PARAMS.letterRuns} runs after the first, per variant`,
		);
		const cover = {
			to: 'Dr. Adams, Springfield Cardiology',
			toFax: '+12125550123',
			from: 'Clinic North',
			fromFax: '+14155550001',
			date: '2026-11-24',
			subject: 'Visit summaries, 2021 to 2026',
			message: 'Please find the visit summaries on the following pages.',
			// What the node passes when the option is not set.
			confidentialityNotice: DEFAULT_CONFIDENTIALITY_NOTICE,
		};
		const variants = [
			{ name: 'without cover page', options: { pageSize: 'letter' }, pages: PARAMS.letterPages },
			{
				name: 'with cover page',
				options: { pageSize: 'letter', coverPage: cover },
				pages: PARAMS.letterPages + 1,
			},
		];
		const input = (name, options, outFile) => {
			const file = path.join(directory, `${name.replace(/\W+/g, '-')}.json`);
			fs.writeFileSync(
				file,
				JSON.stringify({ pdfModule, textFile, options, runs: PARAMS.letterRuns, outFile }),
			);
			return file;
		};
		const baseline = runChild('baseline', input('baseline', {}));
		const results = [];
		for (const variant of variants) {
			const timing = runChild('time', input(`time ${variant.name}`, variant.options));
			const outFile = path.join(directory, `${variant.name.replace(/\W+/g, '-')}.pdf`);
			const memory = runChild('memory', input(`memory ${variant.name}`, variant.options, outFile));
			const name = `letter ${variant.name}`;
			check(
				`${name}: ${variant.pages} pages`,
				timing.pages === variant.pages && memory.pages === variant.pages,
				`${timing.pages} / ${memory.pages}`,
			);
			const pdf = fs.readFileSync(outFile);
			check(
				`${name}: a PDF of the bytes the timed runs made`,
				pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.length === timing.bytes,
				`${pdf.length} / ${timing.bytes}`,
			);
			checkQpdf(name, outFile);
			if (installed('pdftotext')) {
				const lastPage = tool('pdftotext', [
					'-f',
					String(variant.pages),
					'-l',
					String(variant.pages),
					outFile,
					'-',
				]).stdout.replace(/\s+/g, ' ');
				check(
					`${name}: the last page ends the letter`,
					lastPage.includes('Clinic North') &&
						lastPage.includes(`Page ${variant.pages} of ${variant.pages}`),
					lastPage.slice(-200),
				);
			}
			const summary = {
				variant: variant.name,
				pages: timing.pages,
				bytes: timing.bytes,
				firstMs: timing.firstMs,
				medianMs: median(timing.laterMs),
				runs: timing.laterMs.length,
				laterMs: timing.laterMs,
				peakRssBytes: memory.peakRssBytes,
				peakRssGrowthBytes: memory.peakRssBytes - memory.peakRssBeforeBytes,
				heapUsedGrowthBytes: memory.heapUsedGrowthBytes,
				arrayBuffersGrowthBytes: memory.arrayBuffersGrowthBytes,
			};
			log(
				`letter ${variant.name}: ${summary.pages} pages, ${summary.bytes} bytes, first ${summary.firstMs.toFixed(1)} ms, median ${summary.medianMs.toFixed(1)} ms, ` +
					`peak RSS ${MB(summary.peakRssBytes)} MB (+${MB(summary.peakRssGrowthBytes)}), heap +${MB(summary.heapUsedGrowthBytes)} MB`,
			);
			results.push(summary);
		}
		const soffice = libreOffice(textFile, directory, Math.min(PARAMS.letterRuns, 3));
		log(
			soffice.installed
				? `LibreOffice: ${JSON.stringify(soffice)}`
				: 'LibreOffice (soffice) is not installed: no comparison',
		);
		return {
			pages: PARAMS.letterPages,
			paragraphs,
			characters: text.length,
			fontSize: 11,
			pageSize: 'letter',
			baseline: { peakRssBytes: baseline.peakRssBytes },
			variants: results,
			libreOffice: soffice,
		};
	} finally {
		fs.rmSync(directory, { recursive: true, force: true });
	}
}

module.exports = {
	benchLetter,
	letterText,
	fewestReaching,
	runChild,
	tool,
	installed,
	checkQpdf,
};
