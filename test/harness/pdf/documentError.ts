/** The DocumentError a call throws (fails the test when it throws nothing or something else). */
import { DocumentError } from '../../../nodes/shared/pdf/errors';

export function documentError(call: () => unknown): DocumentError {
	try {
		call();
	} catch (error) {
		expect(error).toBeInstanceOf(DocumentError);
		return error as DocumentError;
	}
	throw new Error('expected a DocumentError, nothing was thrown');
}
