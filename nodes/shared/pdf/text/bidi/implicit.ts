/**
 * UAX #9's rules for one isolating run sequence: weak types (W1-W7), paired brackets (N0), neutrals
 * (N1, N2) and the implicit levels (I1, I2). The sequence is a list of character indices into the
 * paragraph's arrays; its types are resolved in place and its levels raised.
 */

import { AL, AN, B, CS, EN, ES, ET, FSI, L, LRI, NSM, ON, PDI, R, RLI, S, WS } from './characters';

/** BD16's stack depth: a sequence deeper in brackets pairs none past that point. */
const MAX_BRACKET_DEPTH = 63;

function isIsolateOrPdi(type: number): boolean {
	return type === LRI || type === RLI || type === FSI || type === PDI;
}

/** N1, N2's neutral or isolate formatting characters. */
function isNeutral(type: number): boolean {
	return type === B || type === S || type === WS || type === ON || isIsolateOrPdi(type);
}

/** The strong direction a resolved type counts as in N0-N2 (numbers as R), or ON for none. */
function strongDirection(type: number): number {
	if (type === L) return L;
	if (type === R || type === AL || type === EN || type === AN) return R;
	return ON;
}

function resolveWeakTypes(t: Uint8Array, sos: number, eos: number): void {
	const n = t.length;
	// W1: a mark takes the type before it (ON after an isolate initiator or PDI, sos first).
	for (let k = 0; k < n; k += 1)
		if (t[k] === NSM) t[k] = k === 0 ? sos : isIsolateOrPdi(t[k - 1]) ? ON : t[k - 1];
	// W2, W3: European digits after Arabic letters are Arabic digits; AL is R.
	let lastStrong = sos;
	for (let k = 0; k < n; k += 1) {
		const type = t[k];
		if (type === L || type === R || type === AL) lastStrong = type;
		else if (type === EN && lastStrong === AL) t[k] = AN;
	}
	for (let k = 0; k < n; k += 1) if (t[k] === AL) t[k] = R;
	// W4: one separator between two numbers of a kind joins them.
	for (let k = 1; k + 1 < n; k += 1) {
		const before = t[k - 1];
		const after = t[k + 1];
		if (t[k] === ES && before === EN && after === EN) t[k] = EN;
		else if (t[k] === CS && before === after && (before === EN || before === AN)) t[k] = before;
	}
	// W5: terminators next to European digits are European digits.
	for (let k = 0; k < n; k += 1) {
		if (t[k] !== ET) continue;
		let end = k;
		while (end < n && t[end] === ET) end += 1;
		const before = k === 0 ? sos : t[k - 1];
		const after = end === n ? eos : t[end];
		if (before === EN || after === EN) t.fill(EN, k, end);
		k = end - 1;
	}
	// W6: separators and terminators left are neutral.
	for (let k = 0; k < n; k += 1) if (t[k] === ES || t[k] === ET || t[k] === CS) t[k] = ON;
	// W7: European digits in left-to-right context are L.
	lastStrong = sos;
	for (let k = 0; k < n; k += 1) {
		const type = t[k];
		if (type === L || type === R) lastStrong = type;
		else if (type === EN && lastStrong === L) t[k] = L;
	}
}

/** BD16: the sequence's bracket pairs as [opening, closing] positions, by opening position. */
function bracketPairs(t: Uint8Array, keys: Int32Array): Array<[number, number]> {
	const pairs: Array<[number, number]> = [];
	const openKeys: number[] = [];
	const openPositions: number[] = [];
	for (let k = 0; k < t.length; k += 1) {
		const key = keys[k];
		if (key === 0 || t[k] !== ON) continue;
		if (key > 0) {
			if (openKeys.length === MAX_BRACKET_DEPTH) break;
			openKeys.push(key);
			openPositions.push(k);
			continue;
		}
		for (let depth = openKeys.length - 1; depth >= 0; depth -= 1) {
			if (openKeys[depth] !== -key) continue;
			pairs.push([openPositions[depth], k]);
			openKeys.length = depth;
			openPositions.length = depth;
			break;
		}
	}
	return pairs.sort((a, b) => a[0] - b[0]);
}

/** N0: each bracket pair takes the embedding direction, or the opposite one its content and context show. */
function resolveBrackets(
	t: Uint8Array,
	keys: Int32Array,
	originalNsm: Uint8Array,
	embedding: number,
	sos: number,
): void {
	for (const [open, close] of bracketPairs(t, keys)) {
		let inside = ON;
		for (let k = open + 1; k < close; k += 1) {
			const strong = strongDirection(t[k]);
			if (strong === ON) continue;
			inside = strong;
			if (strong === embedding) break;
		}
		if (inside === ON) continue;
		let direction = embedding;
		if (inside !== embedding) {
			let context = sos;
			for (let k = open - 1; k >= 0; k -= 1) {
				const strong = strongDirection(t[k]);
				if (strong !== ON) {
					context = strong;
					break;
				}
			}
			if (context === inside) direction = inside;
		}
		for (const position of [open, close]) {
			t[position] = direction;
			for (let k = position + 1; k < t.length && originalNsm[k] === 1; k += 1) t[k] = direction;
		}
	}
}

/** N1, N2: a run of neutrals between two of one direction takes it, else the embedding direction. */
function resolveNeutrals(t: Uint8Array, sos: number, eos: number, embedding: number): void {
	const n = t.length;
	for (let k = 0; k < n; k += 1) {
		if (!isNeutral(t[k])) continue;
		let end = k;
		while (end < n && isNeutral(t[end])) end += 1;
		const before = k === 0 ? sos : strongDirection(t[k - 1]);
		const after = end === n ? eos : strongDirection(t[end]);
		t.fill(before === after ? before : embedding, k, end);
		k = end - 1;
	}
}

// Working arrays for a sequence, grown as needed: one sequence is resolved at a time.
let scratchTypes = new Uint8Array(256);
let scratchKeys = new Int32Array(256);
let scratchNsm = new Uint8Array(256);

/**
 * Resolves one isolating run sequence: `sequence` its characters' indices into the paragraph's
 * `types` (resolved in place), `original` classes, `bracketKeys` (or undefined) and `levels`, at
 * the explicit embedding `level`.
 */
export function resolveSequence(
	sequence: Int32Array,
	types: Uint8Array,
	original: Uint8Array,
	bracketKeys: Int32Array | undefined,
	levels: Uint8Array,
	level: number,
	sos: number,
	eos: number,
): void {
	const n = sequence.length;
	if (scratchTypes.length < n) {
		const size = Math.max(n, scratchTypes.length * 2);
		scratchTypes = new Uint8Array(size);
		scratchKeys = new Int32Array(size);
		scratchNsm = new Uint8Array(size);
	}
	const t = scratchTypes.subarray(0, n);
	for (let k = 0; k < n; k += 1) t[k] = types[sequence[k]];
	const embedding = level % 2 === 1 ? R : L;
	resolveWeakTypes(t, sos, eos);
	if (bracketKeys !== undefined) {
		const keys = scratchKeys.subarray(0, n);
		const originalNsm = scratchNsm.subarray(0, n);
		let any = false;
		for (let k = 0; k < n; k += 1) {
			keys[k] = bracketKeys[sequence[k]];
			if (keys[k] !== 0) any = true;
			originalNsm[k] = original[sequence[k]] === NSM ? 1 : 0;
		}
		if (any) resolveBrackets(t, keys, originalNsm, embedding, sos);
	}
	resolveNeutrals(t, sos, eos, embedding);
	// I1, I2.
	for (let k = 0; k < n; k += 1) {
		const index = sequence[k];
		const type = t[k];
		types[index] = type;
		if (level % 2 === 0) {
			if (type === R) levels[index] = level + 1;
			else if (type === AN || type === EN) levels[index] = level + 2;
		} else if (type === L || type === EN || type === AN) levels[index] = level + 1;
	}
}
