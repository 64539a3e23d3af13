'use strict';
/**
 * 5c. A 10-page letter in an embedded TrueType font (issue 46): Japanese (kana and kanji, no spaces) in
 * Sawarabi Gothic and Vietnamese (NFC) in Noto Sans, by renderLetter from dist/ (`font: { regular }`)
 * and by pdfkit with the same font file, text, size and margins (lib/pdfkit-font.js), each measured in
 * fresh Node processes (lib/font-letter-child.js) with part 5's runner and qpdf check; and (issue 56)
 * an Arabic letter in Noto Naskh Arabic, which pdfkit shapes with fontkit but does not reorder (no
 * bidi). The issues' aim: faster than pdfkit, bytes within 1.5× of its output. Both are reported, not
 * checked: the bench has no thresholds.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');

const { PARAMS, log, MB, check } = require('./config');
const { checkQpdf, fewestReaching, installed, runChild, tool } = require('./letter');
const { median } = require('./measure');

const CHILD = path.join(__dirname, 'font-letter-child.js');
const FONTS = path.join(__dirname, '..', '..', 'node_modules', '@expo-google-fonts');
const PAGES = 10;
const FONT_SIZE = 11;
const BYTES_AIM = 1.5;

/** A referral paragraph; `n` keeps each one distinct (pdftotext finds the last). No spaces. */
const japanese = (n) =>
	`第${n}回目のご報告です。いつも大変お世話になっております。患者の山田花子様（七十二歳、女性）は、` +
	'高血圧症と二型糖尿病のため当院に通院中です。本年十月より労作時の息切れと両下肢のむくみが出現し、' +
	'心エコー検査で左室駆出率の低下を認めました。利尿薬を開始したところ症状は改善しましたが、' +
	'精査と今後の治療方針についてご高診を賜りたく、ご紹介申し上げます。現在の処方はメトホルミン' +
	'五百ミリグラムを一日二回、アムロジピン五ミリグラムを一日一回です。ご多忙のところ恐縮ですが、' +
	'何卒よろしくお願い申し上げます。';

const vietnamese = (n) =>
	'Chúng tôi xin giới thiệu bệnh nhân Nguyễn Thị Hương, 68 tuổi, đang điều trị tăng huyết áp và ' +
	`đái tháo đường típ 2 tại phòng khám (lần khám thứ ${n}). Từ tháng Mười, bệnh nhân khó thở khi ` +
	'gắng sức và phù hai chân; siêu âm tim cho thấy phân suất tống máu giảm. Thuốc hiện dùng: ' +
	'metformin 500 mg hai lần mỗi ngày, amlodipine 5 mg mỗi ngày một lần. Kính mong bác sĩ khám ' +
	'và tư vấn hướng điều trị tiếp theo.';

/** Arabic-Indic digits (U+0660…U+0669) for `n`, as an Arabic letter writes its numbers. */
const arabicIndic = (n) =>
	String(n).replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/**
 * A referral paragraph with harakat on some words, Arabic-Indic and European digits and a Latin drug
 * name (Noto Naskh Arabic has Latin letters), numbered so each is distinct.
 */
const arabic = (n) =>
	'نُحيل إليكم المريضة فاطمة أحمد الزهراني، البالغة من العمر ٦٨ عامًا، والمتابَعة في عيادتنا منذ ' +
	`عام 2019 بسبب ارتفاع ضغط الدم وداء السكّري من النوع الثاني، وهذه رسالتنا رقم ${arabicIndic(n)} بشأنها. ` +
	'منذ شهر أكتوبر تشكو من ضيق النَّفَس عند الجهد وتورّم في الساقين، وأظهر تخطيط صدى القلب انخفاضًا ' +
	'في الكسر القذفي إلى ٣٥٪. الأدوية الحالية: Metformin 500 mg مرتين يوميًّا، وأملوديبين ٥ ملغ مرة ' +
	'واحدة يوميًّا. نرجو التكرّم بفحصها وإفادتنا بخطة العلاج المقترحة، ولكم جزيل الشكر.';

const LETTERS = [
	{
		name: 'Japanese',
		font: 'Sawarabi Gothic',
		fontFile: path.join(FONTS, 'sawarabi-gothic', '400Regular', 'SawarabiGothic_400Regular.ttf'),
		opening: '田中一郎先生御侍史',
		paragraph: japanese,
		closing: ['敬具', '', 'さくら内科クリニック院長佐藤健'],
		last: (count) => `第${count}回目のご報告です`,
		end: 'さくら内科クリニック院長佐藤健',
	},
	{
		name: 'Vietnamese',
		font: 'Noto Sans',
		fontFile: path.join(FONTS, 'noto-sans', '400Regular', 'NotoSans_400Regular.ttf'),
		opening: 'Kính gửi bác sĩ Trần Văn Minh, Khoa Tim mạch, Bệnh viện Bạch Mai,',
		paragraph: vietnamese,
		closing: ['Trân trọng,', '', 'Bác sĩ Lê Thị Mai, Phòng khám Đa khoa Hoà Bình'],
		last: (count) => `lần khám thứ ${count})`,
		end: 'Phòng khám Đa khoa Hoà Bình',
	},
	{
		name: 'Arabic',
		font: 'Noto Naskh Arabic',
		fontFile: path.join(FONTS, 'noto-naskh-arabic', '400Regular', 'NotoNaskhArabic_400Regular.ttf'),
		opening: 'حضرة الدكتور خالد بن سعيد العمري المحترم، قسم أمراض القلب، مستشفى الملك فهد،',
		paragraph: arabic,
		closing: ['مع خالص التحية والتقدير،', '', 'الدكتورة ليلى حسن، عيادة النور للطب الباطني'],
		last: (count) => `رسالتنا رقم ${arabicIndic(count)} بشأنها`,
		end: 'الدكتورة ليلى حسن',
		// Words without harakat: pdftotext puts a haraka before its letter (it orders glyphs by position).
		alsoPrinted: ['فاطمة أحمد الزهراني', 'مستشفى الملك فهد', 'Metformin'],
		// pdfkit shapes the Arabic with fontkit (its default features for the script: joining forms,
		// lam-alef, marks; no `features` needed) but does no bidi: it prints Arabic-Indic numbers reversed
		// (٦٨ as ٨٦) and puts punctuation next to numbers and Latin runs on the wrong side, and
		// pdftotext cannot read its text back (out of order, and its ToUnicode gives a letter skeleton
		// Noto Naskh shares, such as that of ف and ق, one letter for both). Its lines are right-aligned,
		// as a user would set them. Only ours' text is checked.
		pdfkit: { align: 'right' },
		readBackBy: ['ours'],
		note: 'Arabic: pdfkit shapes with fontkit (joining forms, lam-alef, marks) but does no bidi: Arabic-Indic numbers print reversed, punctuation beside numbers and Latin runs lands on the wrong side, and pdftotext cannot read its text back. It is the route a user would build otherwise. Lines right-aligned on both sides; only ours is checked for its text.',
	},
];

const letterText = (letter, paragraphs) =>
	[
		letter.opening,
		'',
		...Array.from({ length: paragraphs }, (_, i) => [letter.paragraph(i + 1), '']).flat(),
		...letter.closing,
	]
		.join('\n')
		.normalize('NFC');

/** The smallest number of paragraphs that makes at least `pages` pages with renderLetter. */
function textOfPages(renderLetter, letter, font, pages) {
	const pagesOf = (count) =>
		renderLetter(letterText(letter, count), {
			pageSize: 'letter',
			fontSize: FONT_SIZE,
			font: { regular: font },
		}).pages;
	const low = fewestReaching(pages, pagesOf);
	return { text: letterText(letter, low), paragraphs: low };
}

/** pdffonts' rows: { name, type, encoding, embedded, subset, unicode }. */
function pdffonts(file) {
	return tool('pdffonts', [file])
		.stdout.split('\n')
		.slice(2)
		.filter((line) => line.trim() !== '')
		.map((line) => {
			const columns = line.trim().split(/\s+/);
			// name, then a type of one or two words, encoding, emb, sub, uni, object number, generation
			const [embedded, subset, unicode] = columns.slice(-5, -2);
			return {
				name: columns[0],
				type: columns.slice(1, -6).join(' '),
				encoding: columns[columns.length - 6],
				embedded: embedded === 'yes',
				subset: subset === 'yes',
				unicode: unicode === 'yes',
			};
		});
}

/**
 * Where a PDF's bytes go, from qpdf's JSON: the embedded font programs (FontFile2 streams), the pages'
 * content streams, and the rest (objects, ToUnicode, cross-reference table), stream lengths as stored.
 */
function bytesByPart(file, total) {
	const json = tool('qpdf', ['--json=2', '--json-key=qpdf', file]);
	if (json.status !== 0) return undefined;
	const objects = JSON.parse(json.stdout).qpdf[1];
	const lengthOf = (ref) => {
		const length = objects[`obj:${ref}`]?.stream?.dict['/Length'];
		return typeof length === 'string' ? objects[`obj:${length}`].value : length;
	};
	let fontPrograms = 0;
	let contentStreams = 0;
	for (const object of Object.values(objects)) {
		const value = object.value ?? {};
		if (value['/FontFile2']) fontPrograms += lengthOf(value['/FontFile2']);
		if (value['/Type'] === '/Page')
			for (const ref of [value['/Contents']].flat()) contentStreams += lengthOf(ref);
	}
	return { fontPrograms, contentStreams, other: total - fontPrograms - contentStreams };
}

function benchFontLetter(pdfModule) {
	const { renderLetter } = require(pdfModule);
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fonts-'));
	try {
		const letters = [];
		for (const letter of LETTERS) {
			const font = fs.readFileSync(letter.fontFile);
			const { text, paragraphs } = textOfPages(renderLetter, letter, font, PAGES);
			const textFile = path.join(directory, `${letter.name}.txt`);
			fs.writeFileSync(textFile, text);
			const characters = [...text].length;
			log(
				`5c. a ${PAGES}-page ${letter.name} letter in ${letter.font} (${paragraphs} paragraphs, ${characters} characters, font ${font.length} bytes): ${PARAMS.letterRuns} runs after the first, per producer`,
			);
			check(`fonts, ${letter.name}: the text is NFC`, text === text.normalize('NFC'));
			const results = [];
			for (const producer of ['ours', 'pdfkit']) {
				const slug = `${letter.name}-${producer}`;
				const outFile = path.join(directory, `${slug}.pdf`);
				const input = (mode) => {
					const file = path.join(directory, `${mode}-${slug}.json`);
					fs.writeFileSync(
						file,
						JSON.stringify({
							producer,
							pdfModule,
							textFile,
							fontFile: letter.fontFile,
							fontSize: FONT_SIZE,
							runs: PARAMS.letterRuns,
							outFile,
							pdfkit: letter.pdfkit,
						}),
					);
					return file;
				};
				const timing = runChild('time', input('time'), CHILD);
				const memory = runChild('memory', input('memory'), CHILD);
				const name = `fonts, ${letter.name} letter, ${producer}`;
				const pdf = fs.readFileSync(outFile);
				check(
					`${name}: a PDF of the size the timed runs made`,
					pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.length === timing.bytes,
					`${pdf.length} / ${timing.bytes}`,
				);
				checkQpdf(name, outFile);
				let fonts;
				if (installed('pdffonts')) {
					fonts = pdffonts(outFile);
					check(
						`${name}: pdffonts shows ${letter.font} embedded as a subset`,
						fonts.some(
							(f) =>
								/^[A-Z]{6}\+/.test(f.name) &&
								f.name.includes(letter.font.replace(/ /g, '')) &&
								f.embedded &&
								f.subset,
						),
						JSON.stringify(fonts),
					);
				}
				let printedCheck;
				if (installed('pdftotext')) {
					// Japanese has no spaces: pdftotext's line ends are removed on both sides, and so are the
					// bidi marks it puts around right-to-left and number runs.
					const flat = (s) => s.replace(/[\s\u202a-\u202e\u2066-\u2069]+/g, '');
					const printed = flat(tool('pdftotext', [outFile, '-']).stdout);
					const wanted = [letter.last(paragraphs), letter.end, ...(letter.alsoPrinted ?? [])];
					const missing = wanted.filter((s) => !printed.includes(flat(s)));
					printedCheck = { wanted: wanted.length, found: wanted.length - missing.length };
					if ((letter.readBackBy ?? ['ours', 'pdfkit']).includes(producer))
						check(
							`${name}: the last paragraph and the signature printed${letter.alsoPrinted ? `, and ${letter.alsoPrinted.length} more phrases` : ''}`,
							missing.length === 0,
							`missing ${missing.length} of ${wanted.length}; ${printed.slice(-200)}`,
						);
				}
				const summary = {
					producer,
					pages: timing.pages,
					bytes: timing.bytes,
					bytesByPart: installed('qpdf') ? bytesByPart(outFile, timing.bytes) : undefined,
					firstMs: timing.firstMs,
					medianMs: median(timing.laterMs),
					runs: timing.laterMs.length,
					laterMs: timing.laterMs,
					peakRssBytes: memory.peakRssBytes,
					peakRssGrowthBytes: memory.peakRssBytes - memory.peakRssBeforeBytes,
					heapUsedGrowthBytes: memory.heapUsedGrowthBytes,
					fonts,
					printed: printedCheck,
				};
				log(
					`${name}: ${summary.pages} pages, ${summary.bytes} bytes, first ${summary.firstMs.toFixed(1)} ms, median ${summary.medianMs.toFixed(1)} ms, peak RSS ${MB(summary.peakRssBytes)} MB (+${MB(summary.peakRssGrowthBytes)})`,
				);
				results.push(summary);
			}
			const [ours, pdfkit] = results;
			check(
				`fonts, ${letter.name} letter: ours has at least ${PAGES} pages, pdfkit's within 10 % of ours`,
				ours.pages >= PAGES &&
					Math.abs(pdfkit.pages - ours.pages) <= Math.max(1, Math.round(ours.pages / 10)),
				`${ours.pages} / ${pdfkit.pages}`,
			);
			const ratios = {
				timeVsPdfkit: ours.medianMs / pdfkit.medianMs,
				firstVsPdfkit: ours.firstMs / pdfkit.firstMs,
				bytesVsPdfkit: ours.bytes / pdfkit.bytes,
				peakRssVsPdfkit: ours.peakRssBytes / pdfkit.peakRssBytes,
			};
			letters.push({
				letter: letter.name,
				font: letter.font,
				fontBytes: font.length,
				paragraphs,
				characters,
				note: letter.note,
				producers: results,
				ratios,
				aims: {
					fasterThanPdfkitWarm: ratios.timeVsPdfkit < 1,
					fasterThanPdfkitFirst: ratios.firstVsPdfkit < 1,
					bytesWithin: BYTES_AIM,
					bytesWithinAim: ratios.bytesVsPdfkit <= BYTES_AIM,
				},
			});
		}
		return { pages: PAGES, fontSize: FONT_SIZE, pageSize: 'letter', letters };
	} finally {
		fs.rmSync(directory, { recursive: true, force: true });
	}
}

module.exports = { benchFontLetter, letterText, LETTERS };
