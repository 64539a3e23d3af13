import { FontData } from '../../../../nodes/shared/pdf/font/fontData';
import {
	readOutline,
	writeComposite,
	writeSimple,
} from '../../../../nodes/shared/pdf/font/glyphOutline';
import { instanceControlValues } from '../../../../nodes/shared/pdf/font/controlValues';
import { FontInstance } from '../../../../nodes/shared/pdf/font/fontInstance';
import type { Component } from '../../../../nodes/shared/pdf/font/glyphOutline';
import { inferDeltas } from '../../../../nodes/shared/pdf/font/inferredDeltas';
import { readTrueType } from '../../../../nodes/shared/pdf/font/trueType';
import { readTupleVariations, scalar } from '../../../../nodes/shared/pdf/font/tupleVariations';
import { notoSans, sourceSansVariable, withTables } from '../../../harness/pdf/fonts';

/**
 * The pieces of instancing on hand-made data, each case one the specification names: a region's
 * scalar (plain and intermediate), the packed forms of point numbers and deltas, shared and embedded
 * tuples, the interpolation of untouched points, and glyphs written back.
 */

const f2dot14 = (value: number) => [(value * 16384) >> 8, (value * 16384) & 0xff];
const word = (value: number) => [(value >> 8) & 0xff, value & 0xff];

describe('a region’s scalar at a location', () => {
	test('a plain region rises from 0 to its peak and is 0 on the other side', () => {
		expect(scalar([0.5], [1])).toBe(0.5);
		expect(scalar([1], [1])).toBe(1);
		expect(scalar([0], [1])).toBe(0);
		expect(scalar([-0.5], [1])).toBe(0);
		expect(scalar([-0.25], [-0.5])).toBe(0.5);
		// An axis whose peak is 0 takes no part; every other axis multiplies.
		expect(scalar([0.5, 0.3], [1, 0])).toBe(0.5);
		expect(scalar([0.5, 0.5], [1, 1])).toBe(0.25);
	});

	test('an intermediate region is a tent from its start through its peak to its end', () => {
		expect(scalar([0.3], [0.6], [0.2], [1])).toBeCloseTo(0.25);
		expect(scalar([0.8], [0.6], [0.2], [1])).toBeCloseTo(0.5);
		expect(scalar([0.1], [0.6], [0.2], [1])).toBe(0);
		expect(scalar([1], [0.6], [0.2], [1])).toBe(0);
		// A region crossing 0 is malformed: the axis is ignored, as fontTools does.
		expect(scalar([0.9], [0.5], [-0.5], [1])).toBe(1);
	});
});

describe('a glyph’s tuple variation store', () => {
	/**
	 * Two tuples over one axis for a glyph of 300 points: the first by shared tuple 1 with the shared
	 * point numbers (0, 2 and 299: a run of bytes, then one of words), the second with an embedded peak,
	 * an intermediate region and private numbers meaning every point.
	 */
	const points = [3, 0x01, 0, 2, 0x80, ...word(297)];
	const firstDeltas = [
		0x02,
		10,
		0xf6,
		0x7f,
		/* x: 10, -10, 127 */ 0x40,
		...word(1000),
		0x81 /* y: 1000, 0, 0 */,
	];
	const secondDeltas = [0x80 | 63, 0x80 | 63, 0x80 | 63, 0x80 | 63, 0x80 | 42, 0x00, 5];
	const secondY = [0xbf, 0xbf, 0xbf, 0xbf, 0xaa, 0x00, 0xfb];
	const secondData = [0, ...secondDeltas, ...secondY];
	const headerSize = 4 + 4 + (4 + 2 + 4);
	const bytes = [
		...word(0x8000 | 2),
		...word(headerSize),
		...word(firstDeltas.length),
		...word(1),
		...word(secondData.length),
		...word(0x8000 | 0x4000 | 0x2000),
		...f2dot14(0.5),
		...f2dot14(0.25),
		...f2dot14(1),
		...points,
		...firstDeltas,
		...secondData,
	];

	test('shared points, a shared tuple, word and byte runs, zero runs', () => {
		const [first, second] = readTupleVariations(
			new FontData(Uint8Array.from(bytes), 'test'),
			0,
			bytes.length,
			1,
			[[-1], [1]],
			300,
		);
		expect(first).toEqual({
			peak: [1],
			points: [0, 2, 299],
			deltasX: [10, -10, 127],
			deltasY: [1000, 0, 0],
		});
		expect(second.peak).toEqual([0.5]);
		expect(second).toMatchObject({ start: [0.25], end: [1], points: undefined });
		expect(second.deltasX).toHaveLength(300);
		expect(second.deltasX.slice(295)).toEqual([0, 0, 0, 0, 5]);
		expect(second.deltasY.slice(295)).toEqual([0, 0, 0, 0, -5]);
	});

	test('deltas that run past their data are a damaged font', () => {
		const cut = bytes.slice(0, bytes.length - 3);
		expect(() =>
			readTupleVariations(
				new FontData(Uint8Array.from(cut), 'font.regular'),
				0,
				cut.length,
				1,
				[[-1], [1]],
				300,
			),
		).toThrow(/font\.regular is a damaged TrueType file/);
	});
});

describe('untouched points are interpolated per contour', () => {
	// One square contour: (0,0) (100,0) (100,100) (0,100), and a second contour of two points.
	const xs = [0, 100, 100, 0, 500, 600];
	const ys = [0, 0, 100, 100, 0, 0];
	const ends = [3, 5];

	test('between two touched points, each coordinate on its own; outside their range, the nearer one’s delta', () => {
		const dx = [0, 0, 10, 0, 0, 0];
		const dy = [0, 0, 20, 0, 0, 0];
		// Points 0 and 2 touched; 1 lies between them in x and y, 3 between in y only.
		dx[0] = 2;
		dy[0] = 4;
		inferDeltas(xs, ys, ends, dx, dy, [true, false, true, false, false, false]);
		expect(dx.slice(0, 4)).toEqual([2, 10, 10, 2]);
		expect(dy.slice(0, 4)).toEqual([4, 4, 20, 20]);
		// No point of the second contour touched: it stays put.
		expect(dx.slice(4)).toEqual([0, 0]);
	});

	test('one touched point moves its whole contour; equal coordinates with different deltas move nothing', () => {
		const dx = [0, 0, 0, 0, 7, 0];
		const dy = [0, 0, 0, 0, -3, 0];
		inferDeltas(xs, ys, ends, dx, dy, [false, false, false, false, true, false]);
		expect([dx[5], dy[5]]).toEqual([7, -3]);
		const sx = [5, 0, 9, 0, 0, 0];
		const sy = [0, 0, 0, 0, 0, 0];
		// Points 0 and 2 at the same x with different deltas: the points between them keep their x.
		inferDeltas([0, 50, 0, 0, 0, 0], ys, ends, sx, sy, [true, false, true, false, false, false]);
		expect(sx[1]).toBe(0);
		expect(sx[3]).toBe(0);
	});
});

describe('glyphs written back', () => {
	const noto = readTrueType(notoSans(), 'font.regular');

	test('a simple glyph read and written has the same points, contours, flags and instructions', () => {
		for (const character of 'aQ§&8@') {
			const glyph = noto.glyph(noto.glyphId(character.codePointAt(0)!));
			const outline = readOutline(glyph, 'test');
			if (outline.kind !== 'simple') throw new Error('not a simple glyph');
			const written = writeSimple(outline);
			expect(readOutline(written, 'test')).toEqual(outline);
			// The box in the header is the points' own.
			expect(Buffer.from(written.subarray(2, 10))).toEqual(Buffer.from(glyph.subarray(2, 10)));
		}
	});

	test('a composite glyph’s offsets are written as words once they leave a byte’s range', () => {
		const glyph = noto.glyph(noto.glyphId('é'.codePointAt(0)!));
		const outline = readOutline(glyph, 'test');
		if (outline.kind !== 'composite') throw new Error('not a composite glyph');
		const moved = {
			...outline,
			components: outline.components.map((c) => ({ ...c, argument1: 300, argument2: -200 })),
		};
		const back = readOutline(writeComposite(moved, [1, 2, 3, 4]), 'test');
		if (back.kind !== 'composite') throw new Error('not a composite glyph');
		expect(back.components.map((c) => [c.glyphId, c.argument1, c.argument2])).toEqual(
			outline.components.map((c) => [c.glyphId, 300, -200]),
		);
		expect(back.components.every((c) => (c.flags & 1) === 1)).toBe(true);
		const same = readOutline(writeComposite(outline, [1, 2, 3, 4]), 'test');
		expect(same).toEqual(outline);
	});
});

describe('a hinted variable font’s control values (cvt) follow the instance through cvar', () => {
	const cvt = Uint8Array.from([...word(100), ...word(200), ...word(300)]);
	// Two tuples: peak +1 moving values 0 and 2 by +10 and -20 (private points), peak -1 moving all.
	const cvar = Uint8Array.from([
		...[0, 1, 0, 0, 0, 2, 0, 20],
		...[0, 7, 0xa0, 0, ...f2dot14(1)],
		...[0, 4, 0x80, 0, ...f2dot14(-1)],
		...[2, 0x01, 0, 2, 0x01, 10, 0xec],
		...[0x02, 1, 2, 3],
	]);
	const values = (bytes: Uint8Array) => [0, 2, 4].map((at) => Buffer.from(bytes).readInt16BE(at));

	test('each tuple scaled at the location, summed, rounded once', () => {
		const data = new FontData(Uint8Array.from([...cvt, ...cvar]), 'test');
		const tables = [
			{ offset: 0, length: 6 },
			{ offset: 6, length: cvar.length },
		] as const;
		expect(values(instanceControlValues(data, tables[0], tables[1], [0.5]))).toEqual([
			105, 200, 290,
		]);
		expect(values(instanceControlValues(data, tables[0], tables[1], [-1]))).toEqual([
			101, 202, 303,
		]);
		expect(values(instanceControlValues(data, tables[0], tables[1], [0]))).toEqual([100, 200, 300]);
	});

	test('the subset of a variable font gets the instance’s cvt; the stored weight keeps the file’s', () => {
		const hinted = withTables(sourceSansVariable(), { 'cvt ': cvt, cvar });
		// wght 400 is 0.368 in Source Sans 3's normalised coordinates (through its avar).
		expect(values(readTrueType(hinted, 'font.regular').table('cvt ')!)).toEqual([104, 200, 293]);
		expect(values(readTrueType(hinted, 'font.regular', 200).table('cvt ')!)).toEqual([
			100, 200, 300,
		]);
	});
});

describe('a composite glyph’s box is that of its components as placed', () => {
	// Glyph 1: a 100-unit square. Glyphs 2-4: composites of it, placed each way a component can be.
	const square = writeSimple({
		kind: 'simple',
		endPoints: [3],
		xs: [0, 100, 100, 0],
		ys: [0, 0, 100, 100],
		onCurve: [true, true, true, true],
		instructions: new Uint8Array(0),
		overlap: false,
	});
	const XY = 0x0002;
	const SCALE = 0x0008;
	const SCALED_OFFSET = 0x0800;
	const component = (flags: number, argument1: number, argument2: number): Component => ({
		flags,
		glyphId: 1,
		argument1,
		argument2,
		transform: flags & SCALE ? [1.5, 0, 0, 1.5] : [1, 0, 0, 1],
		transformBytes: Uint8Array.from(flags & SCALE ? f2dot14(1.5) : []),
	});
	const composite = (...components: Component[]) =>
		writeComposite(
			{ kind: 'composite', components, instructions: new Uint8Array(0) },
			[0, 0, 0, 0],
		);
	const glyphs = [
		new Uint8Array(0),
		square,
		composite(component(XY | SCALE, 10, 20)),
		composite(component(XY | SCALE | SCALED_OFFSET, 10, 20)),
		composite(component(XY, 0, 0), component(0, 2, 0)),
	];
	const instance = new FontInstance(
		{
			data: new FontData(new Uint8Array(0), 'test'),
			defaultGlyph: (glyphId) => glyphs[glyphId],
			defaultAdvance: () => 500,
			defaultLeftSideBearing: () => 0,
		},
		undefined,
		undefined,
		[0],
	);
	const box = (glyphId: number) => {
		const bytes = Buffer.from(instance.glyph(glyphId).bytes);
		return [2, 4, 6, 8].map((at) => bytes.readInt16BE(at));
	};

	test('scaled, then moved (the default); moved, then scaled (SCALED_COMPONENT_OFFSET)', () => {
		expect(box(2)).toEqual([10, 20, 160, 170]);
		expect(box(3)).toEqual([15, 30, 165, 180]);
	});

	test('a point-matched component: its point 0 on the glyph’s point 2 so far', () => {
		expect(box(4)).toEqual([0, 0, 200, 200]);
		expect(instance.glyph(4).leftSideBearing).toBe(0);
		expect(instance.glyph(4).advance).toBe(500);
	});
});
