/**
 * The answer shapes the nodes rely on (nodes/shared/transport/answers.ts, spec 2.8): each shape with
 * one answer it accepts and each way an answer can miss it, worded as what it should have been.
 */
import { answerProblem } from '../../nodes/shared/transport';
import type { Answer } from '../../nodes/shared/transport';

const FAX_LIST: Answer = { list: 'sentFaxes', paged: true, id: 'sendToken' };
const AI_LIST: Answer = {
	list: 'aiDocuments',
	paged: 'optional',
	wrapper: 'aiResult',
	id: 'aiToken',
};
const META = { totalCount: 1, totalPages: 1, perPage: 100, page: 1 };

describe('answerProblem', () => {
	test('anything but a JSON object', () => {
		for (const body of [undefined, null, 'ok', 3, [], Buffer.from('{}')])
			expect(answerProblem(body, { message: true })).toBe('a JSON object');
	});

	test('a message answer', () => {
		expect(answerProblem({ message: 'Fax deleted' }, { message: true })).toBeUndefined();
		expect(answerProblem({ message: 7 }, { message: true })).toBe(
			'a JSON object with a "message" text',
		);
	});

	test('a record, at the top level or under its key, with a non-empty string id', () => {
		expect(answerProblem({ sendToken: 'abc' }, { record: null, id: 'sendToken' })).toBeUndefined();
		expect(
			answerProblem({ faxNumber: { id: 'n1' } }, { record: 'faxNumber', id: 'id' }),
		).toBeUndefined();
		expect(answerProblem({ sendToken: '' }, { record: null, id: 'sendToken' })).toBe(
			'a JSON object with a "sendToken"',
		);
		expect(answerProblem({ faxNumber: { id: 5 } }, { record: 'faxNumber', id: 'id' })).toBe(
			'a JSON object with a "faxNumber" object with a "id"',
		);
		expect(answerProblem({ faxNumber: [] }, { record: 'faxNumber', id: 'id' })).toBe(
			'a JSON object with a "faxNumber" object',
		);
	});

	test('a paged list: entries that are objects with their id, and a valid meta', () => {
		expect(
			answerProblem({ sentFaxes: [{ sendToken: 'a' }], meta: META }, FAX_LIST),
		).toBeUndefined();
		expect(
			answerProblem({ sentFaxes: [], meta: { ...META, totalCount: 0, totalPages: 0 } }, FAX_LIST),
		).toBeUndefined();
		expect(answerProblem({ sentFaxes: 'none', meta: META }, FAX_LIST)).toBe(
			'a JSON object with a "sentFaxes" list and "meta"',
		);
		expect(answerProblem({ sentFaxes: [null], meta: META }, FAX_LIST)).toBe(
			'a JSON object with a "sentFaxes" list and "meta"',
		);
		expect(answerProblem({ sentFaxes: [{ sendToken: '' }], meta: META }, FAX_LIST)).toBe(
			'a JSON object with a "sentFaxes" list and "meta" whose entries each have a "sendToken"',
		);
		expect(answerProblem({ sentFaxes: [{ sendToken: 'a' }] }, FAX_LIST)).toBe(
			'a JSON object with a "sentFaxes" list and "meta"',
		);
		for (const meta of [
			{ ...META, page: 0 },
			{ ...META, perPage: 0 },
			{ ...META, totalCount: -1 },
			{ ...META, totalPages: 1.5 },
			{ ...META, page: '1' },
		]) {
			expect(answerProblem({ sentFaxes: [{ sendToken: 'a' }], meta }, FAX_LIST)).toBe(
				'a JSON object with a "sentFaxes" list and "meta"',
			);
		}
	});

	test('a list whose paging the spec does not show: meta valid or absent, each id inside its wrapper', () => {
		const entry = { aiResult: { aiToken: 't1' } };
		expect(answerProblem({ aiDocuments: [entry] }, AI_LIST)).toBeUndefined();
		expect(answerProblem({ aiDocuments: [entry], meta: META }, AI_LIST)).toBeUndefined();
		expect(answerProblem({ aiDocuments: [entry], meta: { page: 1 } }, AI_LIST)).toBe(
			'a JSON object with a "aiDocuments" list and, if it has "meta", a valid one',
		);
		expect(answerProblem({ aiDocuments: [{ aiToken: 't1' }] }, AI_LIST)).toBe(
			'a JSON object with a "aiDocuments" list whose entries each have a "aiResult" object',
		);
		expect(answerProblem({ aiDocuments: [entry, { aiResult: { aiToken: 7 } }] }, AI_LIST)).toBe(
			'a JSON object with a "aiDocuments" list whose entries each have a "aiResult.aiToken"',
		);
	});

	test('an unpaged list ignores meta', () => {
		expect(
			answerProblem(
				{ faxNumbers: [{ id: 'n1' }], meta: 'anything' },
				{ list: 'faxNumbers', paged: false, id: 'id' },
			),
		).toBeUndefined();
	});
});
