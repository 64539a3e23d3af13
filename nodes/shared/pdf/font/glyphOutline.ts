/**
 * A glyf entry taken apart and put back together: a simple glyph's contours as points (x, y, on the
 * curve or not) with its instructions kept as bytes, a composite glyph's components with their
 * offsets and transforms. Instancing a variable font moves these points and offsets, then writes the
 * glyph again with its new bounding box.
 */

import { damaged } from './fontData';

export interface SimpleOutline {
	kind: 'simple';
	/** The index of each contour's last point. */
	endPoints: number[];
	xs: number[];
	ys: number[];
	onCurve: boolean[];
	instructions: Uint8Array;
	/** Bit 6 of the first point's flags (OVERLAP_SIMPLE), kept. */
	overlap: boolean;
}

export interface Component {
	flags: number;
	glyphId: number;
	/** An offset (ARGS_ARE_XY_VALUES) or the two point numbers a point-matched component is placed by. */
	argument1: number;
	argument2: number;
	/** The 2x2 transform [xx, xy, yx, yy] (identity when the component has none). */
	transform: readonly [number, number, number, number];
	/** The transform's bytes as the file has them (F2Dot14), written back unchanged. */
	transformBytes: Uint8Array;
}

export interface CompositeOutline {
	kind: 'composite';
	components: Component[];
	instructions: Uint8Array;
}

export type Outline = SimpleOutline | CompositeOutline | { kind: 'empty' };

const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const REPEAT = 0x08;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;
const OVERLAP_SIMPLE = 0x40;

export const ARG_1_AND_2_ARE_WORDS = 0x0001;
export const ARGS_ARE_XY_VALUES = 0x0002;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

export function readOutline(glyph: Uint8Array, field: string): Outline {
	if (glyph.length === 0) return { kind: 'empty' };
	if (glyph.length < 10) throw damaged(field, 'a glyph is shorter than its header');
	const view = new DataView(glyph.buffer, glyph.byteOffset, glyph.byteLength);
	const need = (at: number, length: number) => {
		if (at + length > glyph.length) throw damaged(field, 'a glyph is cut short');
	};
	const contours = view.getInt16(0);
	if (contours < 0) return readComposite(view, glyph, need);
	need(10, contours * 2 + 2);
	const endPoints = Array.from({ length: contours }, (_, index) => view.getUint16(10 + index * 2));
	const pointCount = contours === 0 ? 0 : endPoints[contours - 1] + 1;
	let at = 10 + contours * 2;
	const instructionLength = view.getUint16(at);
	need(at + 2, instructionLength);
	const instructions = Uint8Array.from(glyph.subarray(at + 2, at + 2 + instructionLength));
	at += 2 + instructionLength;
	const flags: number[] = [];
	while (flags.length < pointCount) {
		need(at, 1);
		const flag = glyph[at++];
		flags.push(flag);
		if (flag & REPEAT) {
			need(at, 1);
			for (let repeat = glyph[at++]; repeat > 0; repeat -= 1) flags.push(flag);
		}
	}
	flags.length = pointCount;
	const coordinates = (short: number, sameOrPositive: number) => {
		const values: number[] = [];
		let value = 0;
		for (const flag of flags) {
			if (flag & short) {
				need(at, 1);
				value += flag & sameOrPositive ? glyph[at] : -glyph[at];
				at += 1;
			} else if (!(flag & sameOrPositive)) {
				need(at, 2);
				value += view.getInt16(at);
				at += 2;
			}
			values.push(value);
		}
		return values;
	};
	const xs = coordinates(X_SHORT, X_SAME_OR_POSITIVE);
	const ys = coordinates(Y_SHORT, Y_SAME_OR_POSITIVE);
	return {
		kind: 'simple',
		endPoints,
		xs,
		ys,
		onCurve: flags.map((flag) => (flag & ON_CURVE) !== 0),
		instructions,
		overlap: flags.length > 0 && (flags[0] & OVERLAP_SIMPLE) !== 0,
	};
}

function readComposite(
	view: DataView,
	glyph: Uint8Array,
	need: (at: number, length: number) => void,
): CompositeOutline {
	const components: Component[] = [];
	let at = 10;
	let flags: number;
	do {
		need(at, 4);
		flags = view.getUint16(at);
		const glyphId = view.getUint16(at + 2);
		at += 4;
		const words = (flags & ARG_1_AND_2_ARE_WORDS) !== 0;
		const signed = (flags & ARGS_ARE_XY_VALUES) !== 0;
		need(at, words ? 4 : 2);
		const argument = (offset: number) =>
			words
				? signed
					? view.getInt16(at + offset * 2)
					: view.getUint16(at + offset * 2)
				: signed
					? view.getInt8(at + offset)
					: view.getUint8(at + offset);
		const argument1 = argument(0);
		const argument2 = argument(1);
		at += words ? 4 : 2;
		const size =
			flags & WE_HAVE_A_SCALE
				? 2
				: flags & WE_HAVE_AN_X_AND_Y_SCALE
					? 4
					: flags & WE_HAVE_A_TWO_BY_TWO
						? 8
						: 0;
		need(at, size);
		const f2 = (offset: number) => view.getInt16(at + offset) / 16384;
		const transform: [number, number, number, number] =
			size === 2
				? [f2(0), 0, 0, f2(0)]
				: size === 4
					? [f2(0), 0, 0, f2(2)]
					: size === 8
						? [f2(0), f2(2), f2(4), f2(6)]
						: [1, 0, 0, 1];
		components.push({
			flags,
			glyphId,
			argument1,
			argument2,
			transform,
			transformBytes: Uint8Array.from(glyph.subarray(at, at + size)),
		});
		at += size;
	} while (flags & MORE_COMPONENTS);
	let instructions = new Uint8Array(0);
	if (flags & WE_HAVE_INSTRUCTIONS) {
		need(at, 2);
		const length = view.getUint16(at);
		need(at + 2, length);
		instructions = Uint8Array.from(glyph.subarray(at + 2, at + 2 + length));
	}
	return { kind: 'composite', components, instructions };
}

/** A simple glyph's bytes, its coordinates whole numbers, its bounding box from them. */
export function writeSimple(outline: SimpleOutline): Uint8Array {
	const { xs, ys, endPoints } = outline;
	const bytes: number[] = [];
	const word = (value: number) => bytes.push((value >> 8) & 0xff, value & 0xff);
	word(endPoints.length);
	const box = boundingBox(xs, ys);
	box.forEach(word);
	endPoints.forEach(word);
	word(outline.instructions.length);
	bytes.push(...outline.instructions);
	const flags: number[] = [];
	const xBytes: number[] = [];
	const yBytes: number[] = [];
	const encode = (delta: number, out: number[], short: number, same: number): number => {
		if (delta === 0) return same;
		if (delta >= -255 && delta <= 255) {
			out.push(Math.abs(delta));
			return short | (delta > 0 ? same : 0);
		}
		out.push((delta >> 8) & 0xff, delta & 0xff);
		return 0;
	};
	let lastX = 0;
	let lastY = 0;
	xs.forEach((x, index) => {
		let flag = outline.onCurve[index] ? ON_CURVE : 0;
		if (index === 0 && outline.overlap) flag |= OVERLAP_SIMPLE;
		flag |= encode(x - lastX, xBytes, X_SHORT, X_SAME_OR_POSITIVE);
		flag |= encode(ys[index] - lastY, yBytes, Y_SHORT, Y_SAME_OR_POSITIVE);
		lastX = x;
		lastY = ys[index];
		flags.push(flag);
	});
	for (let index = 0; index < flags.length; ) {
		let repeat = 0;
		while (
			index + repeat + 1 < flags.length &&
			flags[index + repeat + 1] === flags[index] &&
			repeat < 255
		)
			repeat += 1;
		if (repeat > 0) bytes.push(flags[index] | REPEAT, repeat);
		else bytes.push(flags[index]);
		index += repeat + 1;
	}
	bytes.push(...xBytes, ...yBytes);
	return Uint8Array.from(bytes);
}

/** A composite glyph's bytes with the given bounding box; offsets wider than a byte are written as words. */
export function writeComposite(
	outline: CompositeOutline,
	box: readonly [number, number, number, number],
): Uint8Array {
	const bytes: number[] = [];
	const word = (value: number) => bytes.push((value >> 8) & 0xff, value & 0xff);
	word(-1);
	box.forEach(word);
	outline.components.forEach((component, index) => {
		const { argument1: a, argument2: b } = component;
		const signed = (component.flags & ARGS_ARE_XY_VALUES) !== 0;
		const fitsByte = (value: number) =>
			signed ? value >= -128 && value <= 127 : value >= 0 && value <= 255;
		const words = !(fitsByte(a) && fitsByte(b));
		let flags = component.flags & ~(ARG_1_AND_2_ARE_WORDS | MORE_COMPONENTS);
		if (words) flags |= ARG_1_AND_2_ARE_WORDS;
		if (index < outline.components.length - 1) flags |= MORE_COMPONENTS;
		word(flags);
		word(component.glyphId);
		if (words) [a, b].forEach(word);
		else bytes.push(a & 0xff, b & 0xff);
		bytes.push(...component.transformBytes);
	});
	if (outline.components[outline.components.length - 1].flags & WE_HAVE_INSTRUCTIONS) {
		word(outline.instructions.length);
		bytes.push(...outline.instructions);
	}
	return Uint8Array.from(bytes);
}

/** [xMin, yMin, xMax, yMax] of points ([0, 0, 0, 0] for none). */
export function boundingBox(
	xs: readonly number[],
	ys: readonly number[],
): [number, number, number, number] {
	if (xs.length === 0) return [0, 0, 0, 0];
	return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
