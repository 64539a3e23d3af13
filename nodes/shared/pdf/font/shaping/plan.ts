/**
 * The shaping plan of a font for one script, language and direction, built as HarfBuzz's map builder
 * builds it: the features in HarfBuzz's order for the shaper (Arabic's joining forms each in its own
 * stage, rlig after them, calt, then the rest), the font's script and language system chosen with
 * HarfBuzz's fallbacks (DFLT, dflt, latn), one mask bit per feature the font has, and each table's
 * lookups by stage in lookup-list order with the masks and ZWJ/ZWNJ handling of the features that
 * name them.
 */

import type { LanguageSystem, LayoutTable } from './layoutTables';

export type ShapingScript = 'Arabic' | 'Hebrew';

interface FeatureRequest {
	tag: string;
	global: boolean;
	manualZwj?: boolean;
	manualZwnj?: boolean;
}

/** Stages of GSUB features; GPOS features have one stage. */
const ARABIC_STAGES: FeatureRequest[][] = [
	[{ tag: 'rvrn', global: true }],
	[
		{ tag: 'rtla', global: true },
		{ tag: 'rtlm', global: false },
		{ tag: 'stch', global: true },
	],
	[
		{ tag: 'ccmp', global: true, manualZwj: true },
		{ tag: 'locl', global: true, manualZwj: true },
	],
	...['isol', 'fina', 'fin2', 'fin3', 'medi', 'med2', 'init'].map((tag) => [
		{ tag, global: false, manualZwj: true },
	]),
	[{ tag: 'rlig', global: true, manualZwj: true }],
	[{ tag: 'calt', global: true, manualZwj: true }],
	[
		{ tag: 'rclt', global: true, manualZwj: true },
		{ tag: 'liga', global: true, manualZwj: true },
		{ tag: 'clig', global: true, manualZwj: true },
		{ tag: 'mset', global: true, manualZwj: true },
	],
];

/** The default shaper's: everything after rvrn in one stage. */
const DEFAULT_STAGES: FeatureRequest[][] = [
	[{ tag: 'rvrn', global: true }],
	[
		{ tag: 'rtla', global: true },
		{ tag: 'rtlm', global: false },
		...['ccmp', 'locl', 'rlig', 'calt', 'clig', 'liga', 'rclt'].map((tag) => ({
			tag,
			global: true,
		})),
	],
];

const POSITIONING: FeatureRequest[] = [
	{ tag: 'mark', global: true, manualZwj: true, manualZwnj: true },
	{ tag: 'mkmk', global: true, manualZwj: true, manualZwnj: true },
	{ tag: 'curs', global: true },
	{ tag: 'kern', global: true },
];

export interface PlannedLookup {
	index: number;
	mask: number;
	autoZwj: boolean;
	autoZwnj: boolean;
}

export interface ShapingPlan {
	script: ShapingScript;
	rightToLeft: boolean;
	/** Bit 0: set on every glyph (required features); then one bit per feature the font has. */
	globalMask: number;
	/** The mask bit of a feature (0 when the font lacks it). */
	featureMask(tag: string): number;
	substitutionStages: PlannedLookup[][];
	positioning: PlannedLookup[];
	/** The script tag chosen in GSUB ('arab' needed for Arabic's joining forms: HarfBuzz falls back without it). */
	substitutionScript?: string;
	/** The script tag chosen in GPOS ('hebr' needed for Hebrew's marks, as HarfBuzz's Hebrew shaper needs). */
	positioningScript?: string;
}

const SCRIPT_TAGS: Readonly<Record<ShapingScript, string>> = { Arabic: 'arab', Hebrew: 'hebr' };

/** The OpenType language system of a BCP 47 language (HarfBuzz's table, for the languages these scripts write). */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = {
	ar: 'ARA ',
	fa: 'FAR ',
	ur: 'URD ',
	ps: 'PAS ',
	sd: 'SND ',
	ku: 'KUR ',
	ug: 'UYG ',
	he: 'IWR ',
	yi: 'JII ',
};

function chooseLanguageSystem(
	table: LayoutTable | undefined,
	script: ShapingScript,
	language: string | undefined,
): { tag?: string; system?: LanguageSystem } {
	if (table === undefined) return {};
	for (const tag of [SCRIPT_TAGS[script], 'DFLT', 'dflt', 'latn']) {
		const record = table.scripts.get(tag);
		if (record === undefined) continue;
		const languageTag =
			language === undefined ? undefined : LANGUAGE_TAGS[language.toLowerCase().split('-')[0]];
		const system =
			(languageTag === undefined ? undefined : record.languages.get(languageTag)) ??
			record.languages.get('dflt') ??
			record.defaultLanguage;
		return { tag, system };
	}
	return {};
}

function findFeature(
	table: LayoutTable | undefined,
	system: LanguageSystem | undefined,
	tag: string,
): number | undefined {
	if (table === undefined || system === undefined) return undefined;
	return system.features.find((index) => table.features[index]?.tag === tag);
}

export function buildPlan(
	substitution: LayoutTable | undefined,
	positioning: LayoutTable | undefined,
	script: ShapingScript,
	language: string | undefined,
	rightToLeft: boolean,
): ShapingPlan {
	const stages = script === 'Arabic' ? ARABIC_STAGES : DEFAULT_STAGES;
	const gsub = chooseLanguageSystem(substitution, script, language);
	const gpos = chooseLanguageSystem(positioning, script, language);
	const masks = new Map<string, number>();
	let nextBit = 1;
	let globalMask = 1;
	const bitFor = (request: FeatureRequest) => {
		let bit = masks.get(request.tag);
		if (bit === undefined) {
			bit = nextBit < 31 ? 1 << nextBit : 0;
			nextBit += 1;
			masks.set(request.tag, bit);
			if (request.global) globalMask |= bit;
		}
		return bit;
	};
	const plan = (
		table: LayoutTable | undefined,
		system: LanguageSystem | undefined,
		requests: FeatureRequest[],
		into: PlannedLookup[],
	) => {
		for (const request of requests) {
			if (!rightToLeft && (request.tag === 'rtla' || request.tag === 'rtlm')) continue;
			const feature = findFeature(table, system, request.tag);
			if (feature === undefined || table === undefined) continue;
			const mask = bitFor(request);
			for (const index of table.features[feature].lookups)
				into.push({ index, mask, autoZwj: !request.manualZwj, autoZwnj: !request.manualZwnj });
		}
	};
	const substitutionStages = stages.map((requests) => {
		const lookups: PlannedLookup[] = [];
		plan(substitution, gsub.system, requests, lookups);
		return lookups;
	});
	const required = gsub.system?.requiredFeature;
	if (substitution !== undefined && required !== undefined && required !== 0xffff) {
		const tag = substitution.features[required]?.tag;
		const stage = Math.max(
			0,
			stages.findIndex((requests) => requests.some((request) => request.tag === tag)),
		);
		for (const index of substitution.features[required]?.lookups ?? [])
			substitutionStages[stage].push({ index, mask: 1, autoZwj: true, autoZwnj: true });
	}
	const positioningLookups: PlannedLookup[] = [];
	plan(positioning, gpos.system, POSITIONING, positioningLookups);
	return {
		script,
		rightToLeft,
		globalMask,
		featureMask: (tag) => masks.get(tag) ?? 0,
		substitutionStages: substitutionStages.map(mergeLookups),
		positioning: mergeLookups(positioningLookups),
		substitutionScript: gsub.tag,
		positioningScript: gpos.tag,
	};
}

/** Lookups in lookup-list order, one entry per lookup (masks joined, ZWJ/ZWNJ automatic only if for all). */
function mergeLookups(lookups: PlannedLookup[]): PlannedLookup[] {
	const sorted = [...lookups].sort((a, b) => a.index - b.index);
	const merged: PlannedLookup[] = [];
	for (const lookup of sorted) {
		const last = merged[merged.length - 1];
		if (last !== undefined && last.index === lookup.index) {
			last.mask |= lookup.mask;
			last.autoZwj &&= lookup.autoZwj;
			last.autoZwnj &&= lookup.autoZwnj;
		} else merged.push({ ...lookup });
	}
	return merged;
}
