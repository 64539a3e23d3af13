/** The part of bidi-js (a dev dependency shipping no types) the oracle test uses. */
declare module 'bidi-js' {
	interface EmbeddingLevels {
		levels: Uint8Array;
		/** Inclusive ends. */
		paragraphs: Array<{ start: number; end: number; level: number }>;
	}
	interface Bidi {
		getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl'): EmbeddingLevels;
		getReorderSegments(
			text: string,
			levels: EmbeddingLevels,
			start?: number,
			end?: number,
		): Array<[number, number]>;
		getMirroredCharactersMap(
			text: string,
			levels: Uint8Array,
			start?: number,
			end?: number,
		): Map<number, string>;
	}
	export default function bidiFactory(): Bidi;
}
