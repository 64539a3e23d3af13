/**
 * What a letter's page draws, read back from the PDF by a small interpreter of the content-stream
 * operators the letter writer emits (BT/ET, Tf, Tm, Td, TJ, Tj, Tc, BDC/EMC with /ActualText),
 * independent of the writer: the stream is read through the package's reader and inflated, glyph
 * widths come from the CIDFont's /W array and texts from the font's ToUnicode CMap, as a viewer
 * takes them. Every glyph shown comes back with its code, font, size, position (points, the pen's
 * origin) and the marked span it is in; spans with their /ActualText; the straight lines stroked
 * (m, l, S: the letter's rules, table borders and quote bars).
 */
import { DecodeBudget, decodeStream } from '../../../nodes/shared/pdf/read/decode';
import { readPdf } from '../../../nodes/shared/pdf/read/document';
import type { PdfValue } from '../../../nodes/shared/pdf/read/objects';
import { PdfDict, PdfStream } from '../../../nodes/shared/pdf/read/objects';
import type { Resolve } from '../../../nodes/shared/pdf/read/decode';

export interface PageFont {
	/** The resource name (T1…). */
	resource: string;
	/** /W: a code's width in 1/1000 em (the /DW, 1000 unless given, for others). */
	width(code: number): number;
	/** ToUnicode: a code's text, undefined when the CMap says nothing (or says nothing but an empty text). */
	toUnicode: ReadonlyMap<number, string>;
	/** The embedded font file's bytes (FontFile2). */
	fontFile: Uint8Array | undefined;
}

export interface DrawnGlyph {
	font: string;
	/** The 2-byte code (the subset's glyph id). */
	code: number;
	size: number;
	/** The pen's origin in points, from the page's bottom left. */
	x: number;
	y: number;
	/** Index into `spans`, the innermost span the glyph is in; undefined outside spans. */
	span: number | undefined;
	/** Which Tm set the text line it is drawn in (0 for the page's first), and that line's baseline. */
	run: number;
	baseline: number;
}

export interface StrokedLine {
	x1: number;
	y1: number;
	x2: number;
	y2: number;
	lineWidth: number;
}

export interface DrawnSpan {
	/** The /ActualText, or undefined for a span without one. */
	actualText: string | undefined;
}

export interface PageDrawing {
	glyphs: DrawnGlyph[];
	spans: DrawnSpan[];
	fonts: ReadonlyMap<string, PageFont>;
	strokes: StrokedLine[];
	/** The stream's operators by name, how many times each (what the interpreter did not model shows here). */
	operators: ReadonlyMap<string, number>;
}

const budget = () => new DecodeBudget(256 * 1024 * 1024);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** A PDF text string: UTF-16BE after its byte order mark, else PDFDocEncoding (Latin-1 here). */
function textString(bytes: Uint8Array): string {
	if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
		return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
	return latin1(bytes);
}

const utf16Hex = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's bfchar and bfrange entries. */
function readToUnicode(cmap: string): Map<number, string> {
	const texts = new Map<number, string>();
	for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
		for (const [, code, text] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g))
			texts.set(parseInt(code, 16), utf16Hex(text));
	for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
		for (const [, low, high, rest] of block[1].matchAll(
			/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]*>)/g,
		)) {
			const [first, last] = [parseInt(low, 16), parseInt(high, 16)];
			if (rest.startsWith('[')) {
				[...rest.matchAll(/<([0-9A-Fa-f]*)>/g)].forEach(([, text], index) =>
					texts.set(first + index, utf16Hex(text)),
				);
			} else {
				const start = Buffer.from(rest.slice(1, -1), 'hex');
				for (let code = first; code <= last; code += 1) {
					const text = Buffer.from(start);
					text.writeUInt16BE(text.readUInt16BE(text.length - 2) + code - first, text.length - 2);
					texts.set(code, text.swap16().toString('utf16le'));
				}
			}
		}
	return texts;
}

/** A CIDFont's /W array as a lookup. */
function readWidths(w: PdfValue | undefined, resolve: Resolve): Map<number, number> {
	const widths = new Map<number, number>();
	const list = (resolve(w) ?? []) as PdfValue[];
	for (let index = 0; index < list.length; ) {
		const first = resolve(list[index]) as number;
		const next = resolve(list[index + 1]);
		if (Array.isArray(next)) {
			next.forEach((width, offset) => widths.set(first + offset, resolve(width) as number));
			index += 2;
		} else {
			const width = resolve(list[index + 2]) as number;
			for (let code = first; code <= (next as number); code += 1) widths.set(code, width);
			index += 3;
		}
	}
	return widths;
}

function readFont(resource: string, value: PdfValue | undefined, resolve: Resolve): PageFont {
	const font = resolve(value) as PdfDict;
	const descendant = resolve(((resolve(font.get('DescendantFonts')) ?? []) as PdfValue[])[0]) as
		| PdfDict
		| undefined;
	const widths = descendant ? readWidths(descendant.get('W'), resolve) : new Map<number, number>();
	const defaultWidth = (descendant && (resolve(descendant.get('DW')) as number)) ?? 1000;
	const toUnicodeStream = resolve(font.get('ToUnicode'));
	const descriptor = descendant
		? (resolve(descendant.get('FontDescriptor')) as PdfDict)
		: undefined;
	const fontFile = descriptor ? resolve(descriptor.get('FontFile2')) : undefined;
	return {
		resource,
		width: (code) => widths.get(code) ?? defaultWidth,
		toUnicode:
			toUnicodeStream instanceof PdfStream
				? readToUnicode(latin1(decodeStream(toUnicodeStream, budget(), resolve)))
				: new Map(),
		fontFile: fontFile instanceof PdfStream ? decodeStream(fontFile, budget(), resolve) : undefined,
	};
}

type Token =
	| { kind: 'number'; value: number }
	| { kind: 'name'; value: string }
	| { kind: 'string'; bytes: Uint8Array }
	| { kind: 'open' | 'close' | 'dictOpen' | 'dictClose' }
	| { kind: 'operator'; value: string };

/** The content stream's tokens (no inline images, no comments: the writer emits neither). */
function* tokens(content: string): Generator<Token> {
	const pattern =
		/\s*(?:(<<)|(>>)|<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)|\/([^\s/<>[\]()]*)|(\[)|(\])|([+-]?(?:\d+\.?\d*|\.\d+))|([A-Za-z'"*]+\d?\*?))/y;
	let match: RegExpExecArray | null;
	while (pattern.lastIndex < content.length && (match = pattern.exec(content)) !== null) {
		const [, dictOpen, dictClose, hex, literal, name, open, close, number, operator] = match;
		if (dictOpen) yield { kind: 'dictOpen' };
		else if (dictClose) yield { kind: 'dictClose' };
		else if (hex !== undefined)
			yield { kind: 'string', bytes: Buffer.from(hex.replace(/\s/g, ''), 'hex') };
		else if (literal !== undefined)
			yield { kind: 'string', bytes: Buffer.from(literal.replace(/\\(.)/g, '$1'), 'latin1') };
		else if (name !== undefined) yield { kind: 'name', value: name };
		else if (open) yield { kind: 'open' };
		else if (close) yield { kind: 'close' };
		else if (number !== undefined) yield { kind: 'number', value: Number(number) };
		else if (operator !== undefined) yield { kind: 'operator', value: operator };
		else break;
	}
	if (content.slice(pattern.lastIndex).trim() !== '')
		throw new Error(`content stream not understood at ${pattern.lastIndex}`);
}

type Operand = number | string | Uint8Array | Operand[] | Map<string, Operand>;

/** Page `index`'s drawing: its glyphs where the pen put them, its spans, its fonts. */
export function pageDrawing(pdf: Uint8Array, index = 0): PageDrawing {
	const document = readPdf(pdf);
	const { resolve } = document.context;
	const page = document.pages[index].dictionary;
	const resources = resolve(page.get('Resources')) as PdfDict;
	const fontDict = resolve(resources.get('Font')) as PdfDict;
	const fonts = new Map(
		[...fontDict.entries].map(([name, value]) => [name, readFont(name, value, resolve)]),
	);
	const contents = resolve(page.get('Contents'));
	const streams = (Array.isArray(contents) ? contents.map(resolve) : [contents]) as PdfStream[];
	const content = streams
		.map((stream) => latin1(decodeStream(stream, budget(), resolve)))
		.join('\n');

	const glyphs: DrawnGlyph[] = [];
	const spans: DrawnSpan[] = [];
	const operators = new Map<string, number>();
	const strokes: StrokedLine[] = [];
	let path: Array<[number, number]> = [];
	let lineWidth = 1;
	let run = -1;
	let baseline = 0;
	const openSpans: Array<number | undefined> = [];
	let font: PageFont | undefined;
	let size = 0;
	let charSpacing = 0;
	// Text matrix and line matrix: translation only (the writer scales nothing); checked below.
	let [tmX, tmY, lineX, lineY] = [0, 0, 0, 0];
	const stack: Operand[][] = [[]];
	const show = (bytes: Uint8Array) => {
		if (font === undefined) throw new Error('text shown before Tf');
		for (let offset = 0; offset + 1 < bytes.length; offset += 2) {
			const code = (bytes[offset] << 8) | bytes[offset + 1];
			let span: number | undefined;
			for (let index = openSpans.length - 1; index >= 0 && span === undefined; index -= 1)
				span = openSpans[index];
			glyphs.push({ font: font.resource, code, size, x: tmX, y: tmY, span, run, baseline });
			tmX += (font.width(code) / 1000) * size + charSpacing;
		}
	};
	for (const token of tokens(content)) {
		const operands = stack[stack.length - 1];
		switch (token.kind) {
			case 'number':
				operands.push(token.value);
				continue;
			case 'name':
				operands.push(`/${token.value}`);
				continue;
			case 'string':
				operands.push(token.bytes);
				continue;
			case 'open':
			case 'dictOpen':
				stack.push([]);
				continue;
			case 'close':
				stack.pop();
				stack[stack.length - 1].push(operands);
				continue;
			case 'dictClose': {
				stack.pop();
				const dict = new Map<string, Operand>();
				for (let at = 0; at + 1 < operands.length; at += 2)
					dict.set(String(operands[at]).slice(1), operands[at + 1]);
				stack[stack.length - 1].push(dict);
				continue;
			}
		}
		const operator = token.value;
		operators.set(operator, (operators.get(operator) ?? 0) + 1);
		const numbers = operands as number[];
		switch (operator) {
			case 'BT':
				[tmX, tmY, lineX, lineY] = [0, 0, 0, 0];
				break;
			case 'Tf':
				font = fonts.get(String(operands[0]).slice(1));
				size = numbers[1];
				break;
			case 'Tc':
				charSpacing = numbers[0];
				break;
			case 'Tm':
				if (numbers[0] !== 1 || numbers[1] !== 0 || numbers[2] !== 0 || numbers[3] !== 1)
					throw new Error(`a text matrix that scales or turns: ${numbers.join(' ')}`);
				[tmX, tmY, lineX, lineY] = [numbers[4], numbers[5], numbers[4], numbers[5]];
				run += 1;
				baseline = tmY;
				break;
			case 'Td':
				[lineX, lineY] = [lineX + numbers[0], lineY + numbers[1]];
				[tmX, tmY] = [lineX, lineY];
				break;
			case 'Tj':
				show(operands[0] as Uint8Array);
				break;
			case 'TJ':
				for (const element of operands[0] as Operand[]) {
					if (typeof element === 'number') tmX -= (element / 1000) * size;
					else show(element as Uint8Array);
				}
				break;
			case 'BDC': {
				const properties = operands[1];
				const actual = properties instanceof Map ? properties.get('ActualText') : undefined;
				spans.push({ actualText: actual instanceof Uint8Array ? textString(actual) : undefined });
				openSpans.push(spans.length - 1);
				break;
			}
			case 'BMC':
				openSpans.push(undefined);
				break;
			case 'EMC':
				openSpans.pop();
				break;
			case 'w':
				lineWidth = numbers[0];
				break;
			case 'm':
				path = [[numbers[0], numbers[1]]];
				break;
			case 'l':
				path.push([numbers[0], numbers[1]]);
				break;
			case 'S':
				for (let at = 1; at < path.length; at += 1) {
					const [[x1, y1], [x2, y2]] = [path[at - 1], path[at]];
					strokes.push({ x1, y1, x2, y2, lineWidth });
				}
				path = [];
				break;
			case 're': {
				const [x, y, width, height] = numbers;
				path = [
					[x, y],
					[x + width, y],
					[x + width, y + height],
					[x, y + height],
					[x, y],
				];
				break;
			}
			case 'f':
			case 'n':
				path = [];
				break;
			case 'cm':
			case 'c':
			case "'":
			case '"':
			case 'TD':
			case 'T*':
			case 'Tz':
			case 'Ts':
			case 'Tw':
			case 'TL':
				throw new Error(`the interpreter does not model ${operator}`);
		}
		stack[stack.length - 1] = [];
	}
	return { glyphs, spans, fonts, strokes, operators };
}

/** A text line drawn from one Tm: where its glyphs on the baseline reach, and how a reader reads it. */
export interface DrawnRun {
	run: number;
	size: number;
	baseline: number;
	/** Points: the left end of its first glyph on the baseline, the right end of its last (its advance's). */
	left: number;
	right: number;
	/** In drawing order: a span's ActualText once, a glyph outside spans by ToUnicode. */
	text: string;
}

/** The page's text lines, one a Tm, in drawing order. */
export function drawnRuns(drawing: PageDrawing): DrawnRun[] {
	const runs = new Map<number, DrawnRun>();
	let lastSpan: number | undefined;
	for (const glyph of drawing.glyphs) {
		let run = runs.get(glyph.run);
		if (run === undefined) {
			const { size, baseline } = glyph;
			runs.set(
				glyph.run,
				(run = { run: glyph.run, size, baseline, left: Infinity, right: -Infinity, text: '' }),
			);
			lastSpan = undefined;
		}
		if (glyph.y === glyph.baseline) {
			const font = drawing.fonts.get(glyph.font)!;
			run.left = Math.min(run.left, glyph.x);
			run.right = Math.max(run.right, glyph.x + (font.width(glyph.code) * glyph.size) / 1000);
		}
		if (glyph.span === undefined)
			run.text += drawing.fonts.get(glyph.font)!.toUnicode.get(glyph.code) ?? '';
		else if (glyph.span !== lastSpan) run.text += drawing.spans[glyph.span].actualText ?? '';
		lastSpan = glyph.span;
	}
	return [...runs.values()];
}
