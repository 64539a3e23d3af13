/**
 * UAX #9 for one paragraph, on its characters' bidi classes: the paragraph level (P2, P3), explicit
 * levels and directions (X1-X8), the characters X9 removes, isolating run sequences (X10), each then
 * resolved by implicit.ts (W1-W7, N0-N2, I1-I2). Works on code point indices; the caller maps text.
 */

import { AL, B, BN, FSI, L, LRE, LRI, LRO, ON, PDF, PDI, R, RLE, RLI, RLO } from './characters';
import { resolveSequence } from './implicit';

/** The deepest embedding level X1-X8 allow. */
const MAX_DEPTH = 125;

export function isIsolateInitiator(type: number): boolean {
	return type === LRI || type === RLI || type === FSI;
}

/** BN and the embedding, override and pop characters: X9 leaves them out of the implicit rules. */
export function isRemovedByX9(type: number): boolean {
	return type === BN || (type >= LRE && type <= PDF);
}

/** For each isolate initiator, the index of its matching PDI (BD9), or -1; -1 for other characters. */
function matchingPdis(types: Uint8Array): Int32Array {
	const matches = new Int32Array(types.length).fill(-1);
	const open: number[] = [];
	for (let i = 0; i < types.length; i += 1) {
		const type = types[i];
		if (isIsolateInitiator(type)) open.push(i);
		else if (type === PDI && open.length > 0) matches[open.pop() as number] = i;
	}
	return matches;
}

/**
 * P2, P3: 1 when the first strong character in [from, to), isolates skipped, is R or AL, 0 when it
 * is L, `fallback` when there is none.
 */
function firstStrongLevel(
	types: Uint8Array,
	matches: Int32Array,
	from: number,
	to: number,
	fallback: number,
): number {
	for (let i = from; i < to; i += 1) {
		const type = types[i];
		if (type === L) return 0;
		if (type === R || type === AL) return 1;
		if (isIsolateInitiator(type)) {
			if (matches[i] < 0) return fallback;
			i = matches[i];
		}
	}
	return fallback;
}

/** The paragraph level P2 and P3 give a paragraph of these classes (0 when it has no strong one). */
export function paragraphLevelOf(types: Uint8Array): number {
	return firstStrongLevel(types, matchingPdis(types), 0, types.length, 0);
}

// The directional status stack of X1-X8: level, override (ON none, L, R), isolate, as parallel
// arrays made once (a paragraph is resolved at a time, with no call back into it).
const stackLevel = new Uint8Array(MAX_DEPTH + 2);
const stackOverride = new Uint8Array(MAX_DEPTH + 2);
const stackIsolate = new Uint8Array(MAX_DEPTH + 2);

/**
 * X1-X8: each character's explicit embedding level, and `types` changed where an override holds.
 * Characters X9 removes get the level of the embedding they stand in; implicit rules skip them.
 */
function explicitLevels(
	types: Uint8Array,
	matches: Int32Array,
	paragraphLevel: number,
	levels: Uint8Array,
): void {
	const n = types.length;
	let depth = 0;
	stackLevel[0] = paragraphLevel;
	stackOverride[0] = ON;
	let overflowIsolates = 0;
	let overflowEmbeddings = 0;
	let validIsolates = 0;
	for (let i = 0; i < n; i += 1) {
		const type = types[i];
		const level = stackLevel[depth];
		switch (type) {
			case RLE:
			case LRE:
			case RLO:
			case LRO: {
				levels[i] = level;
				const next = type === RLE || type === RLO ? (level + 1) | 1 : (level + 2) & ~1;
				if (next <= MAX_DEPTH && overflowIsolates === 0 && overflowEmbeddings === 0) {
					depth += 1;
					stackLevel[depth] = next;
					stackOverride[depth] = type === RLO ? R : type === LRO ? L : ON;
					stackIsolate[depth] = 0;
				} else if (overflowIsolates === 0) overflowEmbeddings += 1;
				break;
			}
			case RLI:
			case LRI:
			case FSI: {
				levels[i] = level;
				if (stackOverride[depth] !== ON) types[i] = stackOverride[depth];
				const rtl =
					type === RLI ||
					(type === FSI &&
						firstStrongLevel(types, matches, i + 1, matches[i] < 0 ? n : matches[i], 0) === 1);
				const next = rtl ? (level + 1) | 1 : (level + 2) & ~1;
				if (next <= MAX_DEPTH && overflowIsolates === 0 && overflowEmbeddings === 0) {
					validIsolates += 1;
					depth += 1;
					stackLevel[depth] = next;
					stackOverride[depth] = ON;
					stackIsolate[depth] = 1;
				} else overflowIsolates += 1;
				break;
			}
			case PDI: {
				if (overflowIsolates > 0) overflowIsolates -= 1;
				else if (validIsolates > 0) {
					overflowEmbeddings = 0;
					while (stackIsolate[depth] === 0) depth -= 1;
					depth -= 1;
					validIsolates -= 1;
				}
				levels[i] = stackLevel[depth];
				if (stackOverride[depth] !== ON) types[i] = stackOverride[depth];
				break;
			}
			case PDF: {
				levels[i] = level;
				if (overflowIsolates > 0) break;
				if (overflowEmbeddings > 0) overflowEmbeddings -= 1;
				else if (stackIsolate[depth] === 0 && depth > 0) depth -= 1;
				break;
			}
			case B:
				levels[i] = paragraphLevel;
				break;
			case BN:
				levels[i] = level;
				break;
			default:
				levels[i] = level;
				if (stackOverride[depth] !== ON) types[i] = stackOverride[depth];
		}
	}
}

/**
 * Resolves a paragraph: `types` (its characters' bidi classes, changed in place to the resolved
 * ones) and `bracketKeys` (characters.ts bracketKey of each, or undefined to pair no brackets) give
 * `levels` each character's embedding level (I2), removed characters given their predecessor's.
 */
export function resolveParagraph(
	types: Uint8Array,
	paragraphLevel: number,
	bracketKeys: Int32Array | undefined,
	levels: Uint8Array,
): void {
	const n = types.length;
	const original = types.slice();
	const matches = matchingPdis(original);
	explicitLevels(types, matches, paragraphLevel, levels);
	// Runs, sos and eos are of the explicit levels; resolving a sequence raises some of `levels`.
	const explicit = levels.slice();

	// X10: level runs of the characters X9 keeps, joined across isolates into sequences.
	const kept: number[] = [];
	for (let i = 0; i < n; i += 1) if (!isRemovedByX9(original[i])) kept.push(i);
	const runStarts: number[] = [];
	// The level run a character starts, or -1.
	const runOfFirst = new Int32Array(n).fill(-1);
	for (let k = 0; k < kept.length; k += 1) {
		if (k === 0 || explicit[kept[k]] !== explicit[kept[k - 1]]) {
			runOfFirst[kept[k]] = runStarts.length;
			runStarts.push(k);
		}
	}
	runStarts.push(kept.length);
	const isMatchedPdi = new Uint8Array(n);
	for (let i = 0; i < n; i += 1) if (matches[i] >= 0) isMatchedPdi[matches[i]] = 1;

	const sequence = new Int32Array(kept.length);
	for (let run = 0; run + 1 < runStarts.length; run += 1) {
		if (isMatchedPdi[kept[runStarts[run]]] === 1) continue;
		let length = 0;
		let current = run;
		for (;;) {
			for (let k = runStarts[current]; k < runStarts[current + 1]; k += 1)
				sequence[length++] = kept[k];
			const last = sequence[length - 1];
			if (!isIsolateInitiator(original[last]) || matches[last] < 0) break;
			const next = runOfFirst[matches[last]];
			if (next < 0) break;
			current = next;
		}
		const first = sequence[0];
		const last = sequence[length - 1];
		const level = explicit[first];
		let before = paragraphLevel;
		for (let i = first - 1; i >= 0; i -= 1)
			if (!isRemovedByX9(original[i])) {
				before = explicit[i];
				break;
			}
		let after = paragraphLevel;
		if (!isIsolateInitiator(original[last]))
			for (let i = last + 1; i < n; i += 1)
				if (!isRemovedByX9(original[i])) {
					after = explicit[i];
					break;
				}
		const sos = Math.max(before, level) % 2 === 1 ? R : L;
		const eos = Math.max(after, level) % 2 === 1 ? R : L;
		resolveSequence(
			sequence.subarray(0, length),
			types,
			original,
			bracketKeys,
			levels,
			level,
			sos,
			eos,
		);
	}
	for (let i = 0; i < n; i += 1)
		if (isRemovedByX9(original[i])) levels[i] = i === 0 ? paragraphLevel : levels[i - 1];
}
