import type { IDataObject } from 'n8n-workflow';

import {
	callbackLabel,
	deliveryKey,
	deliveryKeyOfItem,
	MalformedCallbackError,
	parseCallback,
} from '../../nodes/shared/callbacks/callbacks';
import {
	DeliveryWindow,
	deliveryWindow,
	persist,
	STATIC_DATA_KEY,
} from '../../nodes/FaxServiceTrigger/deduplication';

describe('parseCallback', () => {
	const sent = JSON.stringify({
		sendToken: 't1',
		sentStatus: 'success',
		completedAt: null,
		isTest: true,
	});

	test('url-encoded recordDetails is a sent-fax callback', () => {
		const parsed = parseCallback('application/x-www-form-urlencoded', { recordDetails: sent });
		expect(parsed.type).toBe('sentFax');
		expect(parsed.payload).toEqual(JSON.parse(sent));
		expect(parsed.file).toBeUndefined();
	});

	test('multipart recordDetails with a file is a received-fax callback carrying the file', () => {
		const file = {
			filepath: '/tmp/x',
			originalFilename: 't1.pdf',
			mimetype: 'application/pdf',
			newFilename: 'x',
		};
		const parsed = parseCallback('multipart/form-data; boundary=abc', {
			data: { recordDetails: sent },
			files: { file },
		});
		expect(parsed.type).toBe('receivedFax');
		expect(parsed.file).toBe(file);
	});

	test('a url-encoded body never yields a file, whatever it contains', () => {
		const parsed = parseCallback('application/x-www-form-urlencoded', {
			recordDetails: sent,
			files: { file: { filepath: '/etc/passwd' } },
		});
		expect(parsed.type).toBe('sentFax');
		expect(parsed.file).toBeUndefined();
	});

	test('AiDocumentDetails is an AI callback; multipart AI callbacks are malformed', () => {
		const ai = JSON.stringify({ aiResult: { aiToken: 'a1', completedAt: null } });
		expect(parseCallback('application/x-www-form-urlencoded', { AiDocumentDetails: ai }).type).toBe(
			'aiDocument',
		);
		expect(() =>
			parseCallback('multipart/form-data; boundary=x', {
				data: { AiDocumentDetails: ai },
				files: {},
			}),
		).toThrow(MalformedCallbackError);
	});

	test('malformed requests are refused: wrong content type, bad JSON, JSON that is not an object', () => {
		expect(() => parseCallback('application/json', { recordDetails: sent })).toThrow(
			/content type/,
		);
		expect(() => parseCallback(undefined, { recordDetails: sent })).toThrow(MalformedCallbackError);
		expect(() =>
			parseCallback('application/x-www-form-urlencoded', { recordDetails: '{nope' }),
		).toThrow(/valid JSON/);
		expect(() =>
			parseCallback('application/x-www-form-urlencoded', { recordDetails: '[1]' }),
		).toThrow(/JSON object/);
		expect(() =>
			parseCallback('application/x-www-form-urlencoded', { AiDocumentDetails: '{}' }),
		).toThrow(/aiResult/);
	});

	test('other form posts (e-mail, direct message) are unverifiable', () => {
		const parsed = parseCallback('application/x-www-form-urlencoded', {
			emailDetails: '{"emailId":"e1"}',
		});
		expect(parsed).toEqual({ type: 'unverifiable', payload: { emailDetails: { emailId: 'e1' } } });
	});
});

describe('deliveryKey', () => {
	test('fax keys include type, token, status and completion time; AI keys only the aiToken', () => {
		expect(
			deliveryKey('sentFax', {
				sendToken: 't',
				sentStatus: 'failure',
				completedAt: '2026-01-01T00:00:00Z',
			}),
		).toBe('sentFax:t:failure:2026-01-01T00:00:00Z');
		expect(
			deliveryKey('receivedFax', { sendToken: 't', faxStatus: 'success', completedAt: null }),
		).toBe('receivedFax:t:success:null');
		expect(deliveryKey('aiDocument', { aiResult: { aiToken: 'a', completedAt: 'x' } })).toBe(
			deliveryKey('aiDocument', { aiResult: { aiToken: 'a', completedAt: 'y' } }),
		);
	});

	test('an emitted item yields the key of the callback it came from; unverified items have none', () => {
		const sent = { sendToken: 't', sentStatus: 'success', completedAt: '2026-01-01T00:00:00Z' };
		expect(deliveryKeyOfItem({ eventType: 'sentFax', verified: true, ...sent })).toBe(
			deliveryKey('sentFax', sent),
		);
		const received = { sendToken: 'r', faxStatus: 'failure', completedAt: null };
		expect(deliveryKeyOfItem({ eventType: 'receivedFax', verified: true, ...received })).toBe(
			deliveryKey('receivedFax', received),
		);
		const aiResult = { aiToken: 'a', completedAt: 'x', documentClassification: 'referral' };
		expect(deliveryKeyOfItem({ eventType: 'aiDocument', verified: true, ...aiResult })).toBe(
			deliveryKey('aiDocument', { aiResult }),
		);
		expect(
			deliveryKeyOfItem({ eventType: 'unverifiable', verified: false, emailDetails: {} }),
		).toBeUndefined();
		expect(deliveryKeyOfItem({ eventType: 'sentFax', verified: false, ...sent })).toBeUndefined();
	});
});

describe('DeliveryWindow', () => {
	test('claims once, forgets released keys, and keeps only the newest entries', () => {
		const window = new DeliveryWindow(2);
		expect(window.claim('a')).toBe(true);
		expect(window.claim('a')).toBe(false);
		window.release('a');
		expect(window.claim('a')).toBe(true);
		window.claim('b');
		window.claim('c');
		expect(window.entries()).toEqual(['b', 'c']);
		expect(window.claim('a')).toBe(true);
	});

	test('survives a restart through static data, and concurrent savers cannot drop entries held in memory', () => {
		const first: IDataObject = {};
		const window = deliveryWindow('scope-restart', 10, first);
		window.claim('x');
		persist(window, first);
		// A second execution that loaded static data before 'x' still sees it, because the window is shared.
		const stale: IDataObject = {};
		const again = deliveryWindow('scope-restart', 10, stale);
		expect(again.claim('x')).toBe(false);
		persist(again, stale);
		expect(stale[STATIC_DATA_KEY]).toEqual(['x']);
		// A fresh process (a new scope) recovers the entries from saved static data.
		const recovered = deliveryWindow('scope-after-restart', 10, { [STATIC_DATA_KEY]: ['x'] });
		expect(recovered.claim('x')).toBe(false);
	});
});

describe('callbackLabel (how log lines name a callback)', () => {
	test('type and token, nothing else of the payload', () => {
		const payload = {
			sendToken: 'tok_9.a-b',
			patientName: 'Zyxwph Quillbrandt',
			patientDob: '1931-02-03',
		};
		const label = callbackLabel({ type: 'sentFax', payload });
		expect(label).toBe('sentFax callback, sendToken tok_9.a-b');
		expect(
			callbackLabel({
				type: 'aiDocument',
				payload: { aiResult: { aiToken: 'ai_1', patientName: 'Zyxwph Quillbrandt' } },
			}),
		).toBe('aiDocument callback, aiToken ai_1');
	});

	test('an unverified token that is not token-shaped is left out (it could carry anything, a line break included)', () => {
		expect(
			callbackLabel({
				type: 'receivedFax',
				payload: { sendToken: 'Zyxwph Quillbrandt\nforged line' },
			}),
		).toBe('receivedFax callback');
		expect(callbackLabel({ type: 'aiDocument', payload: {} })).toBe('aiDocument callback');
		expect(callbackLabel({ type: 'unverifiable', payload: { patientName: 'x' } })).toBe(
			'unverifiable callback',
		);
	});
});
