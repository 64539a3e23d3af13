/**
 * Arabic joining: which of isol, fina, fin2, fin3, medi, med2, init each character takes, from the
 * joining types of it and its neighbours (transparent marks passed over, ZWJ joining, ZWNJ and
 * non-joining characters breaking), by HarfBuzz's state machine (the Syriac Alaph and Dalath/Rish
 * columns included for completeness; Arabic letters never take them).
 */

import type { GlyphSlot } from './glyphRun';
import { joiningType } from './characters';

export const JOINING_FEATURES = ['isol', 'fina', 'fin2', 'fin3', 'medi', 'med2', 'init'] as const;
const NONE = -1;
const [ISOL, FINA, FIN2, FIN3, MEDI, MED2, INIT] = [0, 1, 2, 3, 4, 5, 6];

/** Columns: U, L, R, D (and C), Alaph, Dalath/Rish. */
const COLUMN: Readonly<Record<string, number>> = { U: 0, L: 1, R: 2, D: 3, C: 3 };

/** [previous glyph's action, this glyph's action, next state] by state and column. */
const STATES: ReadonlyArray<ReadonlyArray<readonly [number, number, number]>> = [
	// 0: previous was U, not willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[NONE, ISOL, 1],
		[NONE, ISOL, 2],
		[NONE, ISOL, 1],
		[NONE, ISOL, 6],
	],
	// 1: previous was R or ISOL/ALAPH, not willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[NONE, ISOL, 1],
		[NONE, ISOL, 2],
		[NONE, FIN2, 5],
		[NONE, ISOL, 6],
	],
	// 2: previous was D/L in ISOL form, willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[INIT, FINA, 1],
		[INIT, FINA, 3],
		[INIT, FINA, 4],
		[INIT, FINA, 6],
	],
	// 3: previous was D in FINA form, willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[MEDI, FINA, 1],
		[MEDI, FINA, 3],
		[MEDI, FINA, 4],
		[MEDI, FINA, 6],
	],
	// 4: previous was FINA ALAPH, not willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[MED2, ISOL, 1],
		[MED2, ISOL, 2],
		[MED2, FIN2, 5],
		[MED2, ISOL, 6],
	],
	// 5: previous was FIN2/FIN3 ALAPH, not willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[ISOL, ISOL, 1],
		[ISOL, ISOL, 2],
		[ISOL, FIN2, 5],
		[ISOL, ISOL, 6],
	],
	// 6: previous was DALATH/RISH, not willing to join.
	[
		[NONE, NONE, 0],
		[NONE, ISOL, 2],
		[NONE, ISOL, 1],
		[NONE, ISOL, 2],
		[NONE, FIN3, 5],
		[NONE, ISOL, 6],
	],
];

/** Each slot's joining feature (an index into JOINING_FEATURES, or -1), in run order. */
export function joiningActions(run: readonly GlyphSlot[]): number[] {
	const actions = run.map(() => NONE);
	let previous = -1;
	let state = 0;
	run.forEach((slot, index) => {
		const type = joiningType(slot.codePoint);
		if (type === 'T') return;
		const [previousAction, action, next] = STATES[state][COLUMN[type]];
		if (previousAction !== NONE && previous >= 0) actions[previous] = previousAction;
		actions[index] = action;
		previous = index;
		state = next;
	});
	return actions;
}
