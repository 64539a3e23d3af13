'use strict';
/**
 * 5b. Rendering a 50-page Markdown letter (Text Format: Markdown): a visit report per section, each a
 * heading, a paragraph with bold and italic runs, a list and a table of lab values. Timed and measured
 * in fresh Node processes as part 5 (lib/letter-child.js), as Markdown and as the same text in Plain,
 * and against pdfkit drawing the same document (lib/pdfkit-markdown.js, lib/pdfkit-child.js).
 */

const fs = require('fs');
const os = require('os');
const path = require('path');

const { PARAMS, log, MB, check } = require('./config');
const { checkQpdf, fewestReaching, installed, runChild, tool } = require('./letter');
const { median } = require('./measure');

const LETTER_CHILD = path.join(__dirname, 'letter-child.js');
const PDFKIT_CHILD = path.join(__dirname, 'pdfkit-child.js');

/** One visit's section; `n` keeps each distinct (pdftotext finds the last). */
const section = (n) =>
	[
		`## Visit ${n}: follow-up of hypertension and type 2 diabetes`,
		'',
		`**Seen by:** Dr. Müller, clinic ${n}  `,
		`The patient reports *no chest pain* and walks 30 minutes most days; blood pressure ${120 + (n % 30)}/88 mmHg (± 4 mmHg over three readings). **Plan:** repeat the renal panel in six weeks.`,
		'',
		'- Metformin 1000 mg twice daily, continued',
		'- Lisinopril 20 mg once daily, continued',
		'  - amlodipine 5 mg added',
		'',
		'| Test | Result | Reference range |',
		'|:-----|-------:|:---------------:|',
		`| HbA1c | ${(6 + (n % 20) / 10).toFixed(1)} % | 4.0-5.6 |`,
		'| Creatinine | 1.1 mg/dL | 0.6-1.2 |',
		'| eGFR | 68 | > 60 |',
		'',
	].join('\n');

const markdownText = (sections) =>
	[
		'# Visit summaries',
		'',
		'Dear Dr. Adams,',
		'',
		...Array.from({ length: sections }, (_, i) => section(i + 1)),
		'Kind regards,  ',
		'Clinic North',
	].join('\n');

/** The number of sections that makes at least `pages` pages as Markdown (Letter, 11 pt). */
function textOfPages(renderLetter, pages) {
	const pagesOf = (count) => renderLetter(markdownText(count), { format: 'markdown' }).pages;
	const low = fewestReaching(pages, pagesOf);
	return { text: markdownText(low), sections: low };
}

function benchMarkdownLetter(pdfModule) {
	const { renderLetter } = require(pdfModule);
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-markdown-'));
	try {
		const { text, sections } = textOfPages(renderLetter, PARAMS.letterPages);
		const textFile = path.join(directory, 'letter.md');
		fs.writeFileSync(textFile, text);
		log(
			`5b. rendering a ${PARAMS.letterPages}-page Markdown letter (${sections} sections, ${text.length} characters): ${PARAMS.letterRuns} runs after the first, per variant`,
		);
		const variants = [
			{ name: 'ours, Markdown', child: LETTER_CHILD, options: { format: 'markdown' } },
			{ name: 'ours, the same text as Plain', child: LETTER_CHILD, options: { format: 'plain' } },
			{ name: 'pdfkit 0.20, the same document', child: PDFKIT_CHILD, options: {} },
		];
		const results = [];
		for (const variant of variants) {
			const slug = variant.name.replace(/\W+/g, '-');
			const outFile = path.join(directory, `${slug}.pdf`);
			const input = (mode) => {
				const file = path.join(directory, `${mode}-${slug}.json`);
				fs.writeFileSync(
					file,
					JSON.stringify({
						pdfModule,
						textFile,
						options: variant.options,
						runs: PARAMS.letterRuns,
						outFile,
					}),
				);
				return file;
			};
			const timing = runChild('time', input('time'), variant.child);
			const memory = runChild('memory', input('memory'), variant.child);
			const name = `markdown letter, ${variant.name}`;
			const pdf = fs.readFileSync(outFile);
			check(
				`${name}: a PDF of the size the timed runs made`,
				pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.length === timing.bytes,
				`${pdf.length} / ${timing.bytes}`,
			);
			checkQpdf(name, outFile);
			if (installed('pdftotext')) {
				const printed = tool('pdftotext', [outFile, '-']).stdout.replace(/\s+/g, ' ');
				const markers = /\*\*|\| |^#|\s#\s/.test(printed);
				check(
					`${name}: the last visit printed, ${variant.options.format === 'plain' ? 'with' : 'without'} Markdown's markers`,
					printed.includes(`Visit ${sections}: follow-up`) &&
						printed.includes('Clinic North') &&
						markers === (variant.options.format === 'plain'),
					printed.slice(-200),
				);
			}
			const summary = {
				variant: variant.name,
				pages: timing.pages,
				bytes: timing.bytes,
				firstMs: timing.firstMs,
				medianMs: median(timing.laterMs),
				runs: timing.laterMs.length,
				peakRssBytes: memory.peakRssBytes,
				peakRssGrowthBytes: memory.peakRssBytes - memory.peakRssBeforeBytes,
				heapUsedGrowthBytes: memory.heapUsedGrowthBytes,
			};
			log(
				`${name}: ${summary.pages} pages, ${summary.bytes} bytes, first ${summary.firstMs.toFixed(1)} ms, median ${summary.medianMs.toFixed(1)} ms, peak RSS ${MB(summary.peakRssBytes)} MB (+${MB(summary.peakRssGrowthBytes)})`,
			);
			results.push(summary);
		}
		const [ours, , pdfkit] = results;
		return {
			pages: PARAMS.letterPages,
			sections,
			characters: text.length,
			variants: results,
			ratios: {
				timeVsPdfkit: ours.medianMs / pdfkit.medianMs,
				firstVsPdfkit: ours.firstMs / pdfkit.firstMs,
				timeVsPlain: ours.medianMs / results[1].medianMs,
			},
		};
	} finally {
		fs.rmSync(directory, { recursive: true, force: true });
	}
}

module.exports = { benchMarkdownLetter, markdownText };
