/** What the PDF letter tests share. */
import { LetterError } from '../../../nodes/shared/pdf/errors';

/** The LetterError a call throws (fails the test when it throws nothing or something else). */
export function letterError(call: () => unknown): LetterError {
	try {
		call();
	} catch (error) {
		expect(error).toBeInstanceOf(LetterError);
		return error as LetterError;
	}
	throw new Error('expected a LetterError, nothing was thrown');
}
