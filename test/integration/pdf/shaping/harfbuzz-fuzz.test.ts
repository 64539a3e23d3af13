/**
 * The shaper against HarfBuzz on strings no one would type: seeded random sequences of Arabic-script
 * letters (Persian and Urdu ones too), harakat and other marks in any order and number, ZWJ, ZWNJ,
 * CGJ, tatweel, digits and punctuation; Hebrew letters and presentation forms with niqqud and
 * cantillation piled up. Every string gives the glyphs, clusters and positions (within 0.02 em)
 * HarfBuzz gives with the same font: normalization, mark ordering, joining and the lookups' skipping
 * rules are HarfBuzz's beyond the corpus's ordinary text.
 */
import type { ShapingFontName } from '../../../harness/pdf/fonts';
import { differencesFromHarfBuzz } from '../../../harness/pdf/shaping';
import type { ShapeOptions } from '../../../../nodes/shared/pdf/font/shaping/shape';

/** A small linear congruential generator: the same strings on every run. */
function generator(seed: number) {
	let state = seed;
	const next = () => {
		state = (state * 1103515245 + 12345) & 0x7fffffff;
		return state / 0x7fffffff;
	};
	return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}

const ARABIC_LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإؤئةىپچژگکیٹڈڑںےہھۀۓ'];
const ARABIC_MARKS = [
	...'\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657',
	...'\u0658\u065c\u0670\u06dc\u06e4\u06e8',
];
const ARABIC_OTHERS = [' ', '\u200c', '\u200d', '\u034f', '\u0640', '٣', '۴', '1', '،', '؟', '.'];
const HEBREW_LETTERS = [...'אבגדהוזחטיכךלמםנןסעפףצץקרשת'];
const HEBREW_MARKS = Array.from({ length: 0x05c7 - 0x0591 + 1 }, (_, index) => 0x0591 + index)
	.filter((code) => ![0x05be, 0x05c0, 0x05c3, 0x05c6].includes(code))
	.map((code) => String.fromCharCode(code));
const HEBREW_OTHERS = [' ', '\u05be', '\u200d', '\u200c', '\u034f', '\ufb2a', '\ufb4b', '\ufb35'];

function strings(
	seed: number,
	count: number,
	[letters, marks, others]: ReadonlyArray<readonly string[]>,
	options: () => ShapeOptions,
): Array<ShapeOptions & { text: string }> {
	const random = generator(seed);
	return Array.from({ length: count }, () => {
		let text = '';
		const length = 1 + Math.floor(random.next() * 14);
		for (let index = 0; index < length; index += 1) {
			const roll = random.next();
			text += random.pick(roll < 0.6 ? letters : roll < 0.9 ? marks : others);
		}
		return { text, ...options() };
	});
}

const languages = generator(7);
const arabicScript = strings(20261128, 1000, [ARABIC_LETTERS, ARABIC_MARKS, ARABIC_OTHERS], () => ({
	script: 'Arabic',
	language: languages.pick([undefined, 'ar', 'fa', 'ur']),
}));
const hebrew = strings(5786, 600, [HEBREW_LETTERS, HEBREW_MARKS, HEBREW_OTHERS], () => ({
	script: 'Hebrew',
}));

test.each<[ShapingFontName, Array<ShapeOptions & { text: string }>]>([
	['Noto Naskh Arabic', arabicScript],
	['Vazirmatn', arabicScript],
	['Noto Nastaliq Urdu', arabicScript],
	['Noto Sans Hebrew', hebrew],
])('%s shapes random strings as HarfBuzz does', (fontName, runs) => {
	const { differences, shaped } = differencesFromHarfBuzz(fontName, runs);
	expect(differences).toEqual([]);
	expect(shaped).toBe(runs.length);
});
