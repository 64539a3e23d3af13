/**
 * Right-to-left letters read back in logical order. Each case is the first line of a letter in a
 * TrueType font that shapes it, a second line of the same script after it (poppler picks a page's
 * direction by counting its letters, the footer's included: a one-line Arabic letter ending in a
 * Latin drug name would read as an English page). The PDF must pass qpdf --check and read back, through poppler's pdftotext and
 * through pdf.js (what a browser viewer copies), as the letter's text in logical order: exactly in
 * pdftotext for text without marks or numbers, in pdf.js for text drawn as one run of glyphs, and
 * otherwise up to each reader's known changes (harness readback.ts).
 * Ligatures read as their letters (lam-alef's ToUnicode is its presentation form, NFKC undoes it) and
 * a letter with its marks through the span's ActualText.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { spawnSync } from 'child_process';
import { renderLetter } from '../../../nodes/shared/pdf';
import { shapingFont, type ShapingFontName } from '../../harness/pdf/fonts';
import { comparable, pdfjsLines, popplerLines, popplerOrder } from '../../harness/pdf/readback';

interface ReadbackCase {
	category: string;
	font: ShapingFontName;
	text: string;
}

const cases: ReadbackCase[] = [
	...[
		'محمد علي',
		'فاطمة الزهراء حسن',
		'عبد الرحمن بن خالد',
		'السيدة نور الهدى',
		'لا إله إلا الله',
		'المريض سلامة',
		'مرحبا بالعالم.',
		'كيف حالك؟',
		'موعدك القادم يوم الأحد',
		'نرجو الحضور قبل الموعد بربع ساعة',
	].map((text) => ({ category: 'arabic', font: 'Noto Naskh Arabic' as const, text })),
	...['مُحَمَّدٌ', 'عَلِيٌّ', 'فَاطِمَةُ', 'بِسْمِ اللَّهِ', 'الْحَمْدُ لِلَّهِ'].map((text) => ({
		category: 'arabic-harakat',
		font: 'Noto Naskh Arabic' as const,
		text,
	})),
	...[
		'رقم الملف ١٢٣٤٥',
		'الجرعة 500 ملغ مرتين يوميا',
		'الهاتف +1 (555) 010-2233',
		'تاريخ الميلاد 12/03/1980',
		'الغرفة (رقم 5)',
		'الدواء: Amoxicillin 500 mg',
		'قال Hello World',
	].map((text) => ({ category: 'arabic-mixed', font: 'Vazirmatn' as const, text })),
	...['می‌خواهم بروم', 'نامه به بیمار', 'خانم زهرا رضایی'].map((text) => ({
		category: 'persian',
		font: 'Vazirmatn' as const,
		text,
	})),
	...['آپ کا نام کیا ہے', 'ڈاکٹر صاحب'].map((text) => ({
		category: 'urdu',
		font: 'Noto Naskh Arabic' as const,
		text,
	})),
	...['דוד כהן', 'שרה לוי', 'מספר תיק 4521', 'נולד ב-12.03.1980', 'התרופה: Amoxicillin 500 mg'].map(
		(text) => ({ category: 'hebrew', font: 'Noto Sans Hebrew' as const, text }),
	),
	...['שָׁלוֹם', 'בְּרֵאשִׁית בָּרָא', 'דָּוִד כֹּהֵן'].map((text) => ({
		category: 'hebrew-niqqud',
		font: 'Noto Sans Hebrew' as const,
		text,
	})),
	...[
		'Patient محمد علي was seen today.',
		'Referral for فاطمة حسن, date of birth 12/03/1980.',
		'Dear Dr. Adams, we saw عبد الله today.',
	].map((text) => ({ category: 'english-arabic', font: 'Vazirmatn' as const, text })),
	...['Patient דוד כהן was seen today.', 'Referral for שרה לוי, MRN 4521.'].map((text) => ({
		category: 'english-hebrew',
		font: 'Noto Sans Hebrew' as const,
		text,
	})),
];

const hasMarks = (text: string) => /\p{M}/u.test(text);

/** The line after each case: the script of the case's paragraph, as in a letter. */
const SECOND_LINES: Readonly<Record<string, string>> = {
	Arabic: 'هذه رسالة من العيادة إلى المريض',
	Hebrew: 'זהו מכתב מהמרפאה אל המטופל',
	Latin: 'This letter comes from the clinic.',
};

function secondLine(text: string): string {
	const first = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Latin}]/u.exec(text)?.[0] ?? 'a';
	if (/\p{Script=Arabic}/u.test(first)) return SECOND_LINES.Arabic;
	return /\p{Script=Hebrew}/u.test(first) ? SECOND_LINES.Hebrew : SECOND_LINES.Latin;
}
let folder: string;
const files = new Map<ReadbackCase, string>();

beforeAll(() => {
	folder = mkdtempSync(join(tmpdir(), 'fax-rtl-readback-'));
	cases.forEach((readbackCase, index) => {
		const { pdf } = renderLetter(`${readbackCase.text}\n${secondLine(readbackCase.text)}`, {
			font: { regular: shapingFont(readbackCase.font) },
		});
		const file = join(folder, `case-${index}.pdf`);
		writeFileSync(file, pdf);
		files.set(readbackCase, file);
	});
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('every case is a sound PDF (qpdf --check)', () => {
	const unsound = cases.filter((readbackCase) => {
		const check = spawnSync('qpdf', ['--check', files.get(readbackCase)!], { encoding: 'utf8' });
		return check.status !== 0 || !check.stdout.includes('No syntax or stream encoding errors');
	});
	expect(unsound.map((readbackCase) => readbackCase.text)).toEqual([]);
});

test("pdftotext reads every case's letters in logical order, up to its known changes", () => {
	const misread = cases
		.map((readbackCase) => ({
			...readbackCase,
			read: popplerLines(files.get(readbackCase)!),
		}))
		.filter(
			({ text, read }) =>
				read.length !== 2 ||
				popplerOrder(read[0], { logical: false }) !== popplerOrder(text, { logical: true }) ||
				read[1] !== comparable(secondLine(text)),
		)
		.map(({ text, read }) => ({ text, read }));
	expect(misread).toEqual([]);
});

test('pdftotext reads text without marks or numbers exactly, spaces and all', () => {
	const plain = cases.filter(
		({ text, category }) =>
			!hasMarks(text) && !/[\d\u0660-\u0669]/u.test(text) && !category.startsWith('english'),
	);
	expect(plain.length).toBeGreaterThanOrEqual(15);
	const misread = plain
		.map(({ text }) => ({
			text,
			read: popplerLines(files.get(cases.find((c) => c.text === text)!)!),
		}))
		.filter(({ text, read }) => read[0] !== comparable(text));
	expect(misread).toEqual([]);
});

test('pdf.js reads every case drawn as one run of glyphs exactly in logical order', () => {
	// Without marks, in fonts whose letters are single glyphs (Noto Naskh Arabic draws some letters'
	// dots as marks), and no Latin or digits inside a right-to-left paragraph.
	const plain = cases.filter(
		({ text, font }) =>
			!hasMarks(text) &&
			font !== 'Noto Naskh Arabic' &&
			!(secondLine(text) !== SECOND_LINES.Latin && /[\p{Script=Latin}\d]/u.test(text)),
	);
	expect(plain.length).toBeGreaterThanOrEqual(10);
	const read = pdfjsLines(plain.map((readbackCase) => files.get(readbackCase)!));
	const misread = plain
		.map(({ text }, index) => ({ text, read: read[index] }))
		.filter(
			({ text, read: lines }) =>
				lines.join('\n') !== `${comparable(text)}\n${comparable(secondLine(text))}`,
		);
	expect(misread).toEqual([]);
});

test('the cases cover what the issue names', () => {
	const count = (category: string) => cases.filter((c) => c.category === category).length;
	for (const category of [
		'arabic',
		'arabic-harakat',
		'arabic-mixed',
		'persian',
		'urdu',
		'hebrew',
		'hebrew-niqqud',
		'english-arabic',
		'english-hebrew',
	])
		expect(count(category)).toBeGreaterThanOrEqual(2);
});
