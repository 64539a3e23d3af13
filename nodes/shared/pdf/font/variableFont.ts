/**
 * Which instance of a variable font a letter prints: the weight axis (wght) set to the face's weight,
 * Regular (400) or Bold (700), clamped to the axis's range, every other axis at its default. Many
 * variable fonts store their lightest master as the default outlines (Source Sans 3's is ExtraLight,
 * 200), whose hairlines a fax loses; printed as stored, the letter would be that thin without a word.
 * A variable font without a weight axis prints its default instance, which is then its only weight.
 */

import { FontError } from '../errors';
import { AdvanceVariations } from './advanceVariations';
import { instanceControlValues } from './controlValues';
import type { DefaultGlyphs } from './fontInstance';
import { FontInstance } from './fontInstance';
import { GlyphVariations } from './glyphVariations';
import type { TableEntry } from './sfnt';
import { normalise, readDesignSpace } from './variationAxes';

export const REGULAR_WEIGHT = 400;
export const BOLD_WEIGHT = 700;

export interface VariableWeight {
	/** The weight the file's stored outlines have (the axis default). */
	defaultWeight: number;
	/** The weight printed: the one asked for, clamped to the axis. */
	weight: number;
	/** The instance drawn; undefined when the printed weight is the stored one. */
	instance?: FontInstance;
	/** The name id of a named instance at exactly this weight (its PostScript name), if the font has one. */
	postScriptNameId?: number;
	/** A hinted font's cvt at the instance (cvar applied); undefined without cvt and cvar or an instance. */
	controlValues?: Uint8Array;
}

const WEIGHT_NAMES: Record<number, string> = {
	100: 'Thin',
	200: 'ExtraLight',
	300: 'Light',
	400: 'Regular',
	500: 'Medium',
	600: 'SemiBold',
	700: 'Bold',
	800: 'ExtraBold',
	900: 'Black',
};

/** "ExtraLight (200)", or "250" for a weight between the named ones. */
export function describeWeight(weight: number): string {
	const name = WEIGHT_NAMES[weight];
	return name === undefined ? `${weight}` : `${name} (${weight})`;
}

/**
 * The weight a variable font prints at when asked for `wanted`; undefined for a font that is not
 * variable or has no weight axis. FontError 'variable' when it has one but variations this library
 * cannot apply.
 */
export function variableWeight(
	font: DefaultGlyphs,
	tables: ReadonlyMap<string, TableEntry>,
	wanted: number,
): VariableWeight | undefined {
	const fvar = tables.get('fvar');
	if (fvar === undefined) return undefined;
	const data = font.data;
	const space = readDesignSpace(data, fvar, tables.get('avar'));
	const axisIndex = space.axes.findIndex((axis) => axis.tag === 'wght');
	if (axisIndex < 0) return undefined;
	const axis = space.axes[axisIndex];
	const weight = Math.min(Math.max(wanted, axis.min), axis.max);
	const named = space.instances.find((instance) =>
		space.axes.every((other, index) =>
			index === axisIndex
				? instance.coordinates[index] === weight
				: instance.coordinates[index] === other.default,
		),
	);
	const result: VariableWeight = {
		defaultWeight: axis.default,
		weight,
		postScriptNameId: named?.postScriptNameId,
	};
	const location = space.axes.map((_axis, index) =>
		index === axisIndex ? normalise(space, index, weight) : 0,
	);
	if (space.avarVersion !== 1 && space.avarVersion !== undefined)
		// avar 2 maps the axes into each other through a variation store, which is not read here.
		throw new FontError(
			'variable',
			`${data.field} is a variable font whose axis mapping (avar version ${space.avarVersion}) this library cannot apply: ${staticAdvice(axis.default, weight)}`,
			data.field,
		);
	const gvar = tables.get('gvar');
	if (location[axisIndex] === 0 || gvar === undefined) return result;
	const hvar = tables.get('HVAR');
	const [cvt, cvar] = [tables.get('cvt '), tables.get('cvar')];
	if (cvt !== undefined && cvar !== undefined)
		result.controlValues = instanceControlValues(data, cvt, cvar, location);
	result.instance = new FontInstance(
		font,
		new GlyphVariations(data, gvar, space.axes.length),
		hvar === undefined ? undefined : new AdvanceVariations(data, hvar, location),
		location,
	);
	return result;
}

/** How to get a static font instead, for a refusal. */
export function staticAdvice(defaultWeight: number, weight: number): string {
	return `its default weight is ${describeWeight(defaultWeight)}; give a static font at ${describeWeight(weight)}: the family's static .ttf file, or one made with fontTools (fonttools varLib.instancer font.ttf wght=${weight} -o font-${weight}.ttf)`;
}
